/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A push-notification device registration.
 */
export interface DeviceRegistration {
    /**
     * The app installation\'s id.
     */
    'installationId': string;
    /**
     * The app\'s id.
     */
    'appId': string;
    /**
     * Platform family; `mobile_a` and `mobile_b` are mobile, `desktop_a` and `desktop_b` desktop operating systems.
     */
    'platform': DeviceRegistrationPlatformEnum;
    /**
     * The push token. A secret (`x-secret`), recorded as `(redacted)` by `make record`.
     */
    'token': string;
    /**
     * Push environment.
     */
    'environment': DeviceRegistrationEnvironmentEnum;
    /**
     * App version.
     */
    'appVersion'?: string;
    /**
     * App build.
     */
    'appBuild'?: string;
    /**
     * Operating system version.
     */
    'osVersion'?: string;
    /**
     * Device model.
     */
    'deviceModel'?: string;
    /**
     * Form factor.
     */
    'formFactor'?: DeviceRegistrationFormFactorEnum;
    /**
     * Build variant; debug, beta channel, public store, internal.
     */
    'appVariant'?: DeviceRegistrationAppVariantEnum;
    /**
     * Locale.
     */
    'locale'?: string;
    /**
     * Time zone.
     */
    'timeZone'?: string;
    /**
     * Device capabilities.
     */
    'capabilities'?: Array<string>;
    /**
     * Notification authorization granted by the operating system.
     */
    'systemAuthorization'?: DeviceRegistrationSystemAuthorizationEnum;
    /**
     * Map from a key to a string value of at most 64 characters.
     */
    'notificationSettings'?: { [key: string]: string; };
    /**
     * Background refresh status.
     */
    'backgroundRefreshStatus'?: DeviceRegistrationBackgroundRefreshStatusEnum;
    /**
     * Whether push is enabled on the device.
     */
    'pushEnabled'?: boolean;
    /**
     * Push transport; one value, named after a mobile push gateway.
     */
    'transport': DeviceRegistrationTransportEnum;
    /**
     * Free-form transport metadata, stored as given: at most 16384 bytes (16 KiB) as compact JSON, which the service checks (400 naming `/body/transportMetadata` beyond). A device is listed with its metadata, so this bounds every device on a page. 
     */
    'transportMetadata'?: { [key: string]: unknown; };
}

export const DeviceRegistrationPlatformEnum = {
    MobileA: 'mobile_a',
    MobileB: 'mobile_b',
    DesktopA: 'desktop_a',
    DesktopB: 'desktop_b',
    Web: 'web',
} as const;

export type DeviceRegistrationPlatformEnum = typeof DeviceRegistrationPlatformEnum[keyof typeof DeviceRegistrationPlatformEnum];
export const DeviceRegistrationEnvironmentEnum = {
    Sandbox: 'sandbox',
    Production: 'production',
} as const;

export type DeviceRegistrationEnvironmentEnum = typeof DeviceRegistrationEnvironmentEnum[keyof typeof DeviceRegistrationEnvironmentEnum];
export const DeviceRegistrationFormFactorEnum = {
    Phone: 'phone',
    Tablet: 'tablet',
    Desktop: 'desktop',
    Watch: 'watch',
} as const;

export type DeviceRegistrationFormFactorEnum = typeof DeviceRegistrationFormFactorEnum[keyof typeof DeviceRegistrationFormFactorEnum];
export const DeviceRegistrationAppVariantEnum = {
    Debug: 'debug',
    BetaDistribution: 'beta_distribution',
    Store: 'store',
    Internal: 'internal',
} as const;

export type DeviceRegistrationAppVariantEnum = typeof DeviceRegistrationAppVariantEnum[keyof typeof DeviceRegistrationAppVariantEnum];
export const DeviceRegistrationSystemAuthorizationEnum = {
    Authorized: 'authorized',
    Denied: 'denied',
    Provisional: 'provisional',
    Ephemeral: 'ephemeral',
    NotDetermined: 'not_determined',
} as const;

export type DeviceRegistrationSystemAuthorizationEnum = typeof DeviceRegistrationSystemAuthorizationEnum[keyof typeof DeviceRegistrationSystemAuthorizationEnum];
export const DeviceRegistrationBackgroundRefreshStatusEnum = {
    Available: 'available',
    Denied: 'denied',
    Restricted: 'restricted',
} as const;

export type DeviceRegistrationBackgroundRefreshStatusEnum = typeof DeviceRegistrationBackgroundRefreshStatusEnum[keyof typeof DeviceRegistrationBackgroundRefreshStatusEnum];
export const DeviceRegistrationTransportEnum = {
    PushGateway: 'push_gateway',
} as const;

export type DeviceRegistrationTransportEnum = typeof DeviceRegistrationTransportEnum[keyof typeof DeviceRegistrationTransportEnum];


