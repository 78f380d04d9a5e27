/* tslint:disable */
/* eslint-disable */
/**
 * A block showing an uploaded asset.
 * @export
 * @interface AssetBlock
 */
export interface AssetBlock {
    /**
     * Node type.
     */
    type: string;
    /**
     * The asset's id; not checked for existence.
     */
    assetId: string;
    /**
     * The asset's file name.
     */
    fileName: string;
    /**
     * The asset's media type.
     */
    contentType: string;
}
/**
 * When the user is available for notifications; all members required.
 * @export
 * @interface Availability
 */
export interface Availability {
    /**
     * Whether availability hours apply.
     */
    enabled: boolean;
    /**
     * Time zone of `start` and `end`.
     */
    timeZone: string;
    /**
     * Days on which the hours apply; any integers.
     */
    days: Array<number>;
    /**
     * Start of the hours, `HH:MM`, 00:00 to 23:59.
     */
    start: string;
    /**
     * End of the hours, `HH:MM`, 00:00 to 23:59.
     */
    end: string;
}
/**
 * @type Block
 * One block; the variants overlap and are alternatives in the `anyOf` sense.
 * @export
 */
export type Block = RichTextBlock | MarkdownBlock | AssetBlock | ComponentBlock;

/**
 * A block of code.
 * @export
 * @interface CodeBlockElement
 */
export interface CodeBlockElement {
    /**
     * Node type.
     */
    type: string;
    /**
     * The code's language.
     */
    language?: string;
    /**
     * The code.
     */
    code: string;
}
/**
 * A block rendered by a named client component.
 * @export
 * @interface ComponentBlock
 */
export interface ComponentBlock {
    /**
     * Node type.
     */
    type: string;
    /**
     * The component's name.
     */
    component: string;
    /**
     * The component's options.
     */
    options: Array<string>;
}
/**
 * Stream creation payload.
 * @export
 * @interface CreateStreamRequest
 */
export interface CreateStreamRequest {
    /**
     * The stream's title.
     */
    title: string;
    /**
     * Who can read the stream; any string. Exactly `public` opens it to every authenticated user; any other value, or none, keeps it to its members.
     */
    visibility?: string;
    /**
     * User identifiers of initial members, who can read the stream beside the creator; not checked for existence.
     */
    memberUserIds?: Array<string>;
    /**
     * 
     */
    initialMessage?: InitialMessageInput;
}
/**
 * A stored cycle template draft.
 * @export
 * @interface CycleTemplateDraft
 */
export interface CycleTemplateDraft {
    /**
     * The cycle template's id.
     */
    templateId: string;
    /**
     * Trigger name.
     */
    triggerName: string;
    /**
     * The template's description.
     */
    description: string | null;
    /**
     * The phases, in order.
     */
    phasesTemplate: Array<Phase>;
    /**
     * When the first draft of this template was saved.
     */
    createdAt: string;
    /**
     * When the draft was last saved; strictly increases on every save.
     */
    updatedAt: string;
    /**
     * User id of the last saver.
     */
    updatedBy: string;
}
/**
 * A cycle template draft to save.
 * @export
 * @interface CycleTemplateDraftInput
 */
export interface CycleTemplateDraftInput {
    /**
     * Trigger name; a lowercase letter or digit, then lowercase letters, digits or hyphens.
     */
    triggerName: string;
    /**
     * The template's description; may be null.
     */
    description: string | null;
    /**
     * The phases, in order.
     */
    phasesTemplate: Array<Phase>;
    /**
     * When true, the save fails with 409 if a draft already exists.
     */
    createOnly?: boolean;
    /**
     * When given, the save fails with 409 unless the stored draft's `updatedAt` is this instant.
     */
    expectedDraftUpdatedAt?: string;
}
/**
 * A stored device registration.
 * @export
 * @interface Device
 */
export interface Device {
    /**
     * The app installation's id.
     */
    installationId: string;
    /**
     * The app's id.
     */
    appId: string;
    /**
     * Platform family; `mobile_a` and `mobile_b` are mobile, `desktop_a` and `desktop_b` desktop operating systems.
     */
    platform: DevicePlatformEnum;
    /**
     * The push token. A secret (`x-secret`), recorded as `(redacted)` by `make record`.
     */
    token: string;
    /**
     * Push environment.
     */
    environment: DeviceEnvironmentEnum;
    /**
     * App version.
     */
    appVersion?: string;
    /**
     * App build.
     */
    appBuild?: string;
    /**
     * Operating system version.
     */
    osVersion?: string;
    /**
     * Device model.
     */
    deviceModel?: string;
    /**
     * Form factor.
     */
    formFactor?: DeviceFormFactorEnum;
    /**
     * Build variant; debug, beta channel, public store, internal.
     */
    appVariant?: DeviceAppVariantEnum;
    /**
     * Locale.
     */
    locale?: string;
    /**
     * Time zone.
     */
    timeZone?: string;
    /**
     * Device capabilities.
     */
    capabilities?: Array<string>;
    /**
     * Notification authorization granted by the operating system.
     */
    systemAuthorization?: DeviceSystemAuthorizationEnum;
    /**
     * Map from a key to a string value of at most 64 characters.
     */
    notificationSettings?: { [key: string]: string; };
    /**
     * Background refresh status.
     */
    backgroundRefreshStatus?: DeviceBackgroundRefreshStatusEnum;
    /**
     * Whether push is enabled on the device.
     */
    pushEnabled?: boolean;
    /**
     * Push transport; one value, named after a mobile push gateway.
     */
    transport: DeviceTransportEnum;
    /**
     * Free-form transport metadata, stored as given: at most 16384 bytes
     * (16 KiB) as compact JSON, which the service checks (400 naming
     * `/body/transportMetadata` beyond). A device is listed with its metadata,
     * so this bounds every device on a page.
     * 
     */
    transportMetadata?: { [key: string]: unknown; };
    /**
     * When the caller registered the `(appId, installationId)` pair; taken over from another user, it starts anew.
     */
    createdAt: string;
    /**
     * When the registration last changed.
     */
    updatedAt: string;
}


/**
 * @export
 */
export const DevicePlatformEnum = {
    MobileA: 'mobile_a',
    MobileB: 'mobile_b',
    DesktopA: 'desktop_a',
    DesktopB: 'desktop_b',
    Web: 'web',
} as const;
export type DevicePlatformEnum = typeof DevicePlatformEnum[keyof typeof DevicePlatformEnum];

/**
 * @export
 */
export const DeviceEnvironmentEnum = {
    Sandbox: 'sandbox',
    Production: 'production',
} as const;
export type DeviceEnvironmentEnum = typeof DeviceEnvironmentEnum[keyof typeof DeviceEnvironmentEnum];

/**
 * @export
 */
export const DeviceFormFactorEnum = {
    Phone: 'phone',
    Tablet: 'tablet',
    Desktop: 'desktop',
    Watch: 'watch',
} as const;
export type DeviceFormFactorEnum = typeof DeviceFormFactorEnum[keyof typeof DeviceFormFactorEnum];

/**
 * @export
 */
export const DeviceAppVariantEnum = {
    Debug: 'debug',
    BetaDistribution: 'beta_distribution',
    Store: 'store',
    Internal: 'internal',
} as const;
export type DeviceAppVariantEnum = typeof DeviceAppVariantEnum[keyof typeof DeviceAppVariantEnum];

/**
 * @export
 */
export const DeviceSystemAuthorizationEnum = {
    Authorized: 'authorized',
    Denied: 'denied',
    Provisional: 'provisional',
    Ephemeral: 'ephemeral',
    NotDetermined: 'not_determined',
} as const;
export type DeviceSystemAuthorizationEnum = typeof DeviceSystemAuthorizationEnum[keyof typeof DeviceSystemAuthorizationEnum];

/**
 * @export
 */
export const DeviceBackgroundRefreshStatusEnum = {
    Available: 'available',
    Denied: 'denied',
    Restricted: 'restricted',
} as const;
export type DeviceBackgroundRefreshStatusEnum = typeof DeviceBackgroundRefreshStatusEnum[keyof typeof DeviceBackgroundRefreshStatusEnum];

/**
 * @export
 */
export const DeviceTransportEnum = {
    PushGateway: 'push_gateway',
} as const;
export type DeviceTransportEnum = typeof DeviceTransportEnum[keyof typeof DeviceTransportEnum];

/**
 * The caller's devices.
 * @export
 * @interface DeviceList
 */
export interface DeviceList {
    /**
     * The devices, in the order of the text `appId/installationId` (see the operation); at most `limit`.
     */
    items: Array<Device>;
}
/**
 * A push-notification device registration.
 * @export
 * @interface DeviceRegistration
 */
export interface DeviceRegistration {
    /**
     * The app installation's id.
     */
    installationId: string;
    /**
     * The app's id.
     */
    appId: string;
    /**
     * Platform family; `mobile_a` and `mobile_b` are mobile, `desktop_a` and `desktop_b` desktop operating systems.
     */
    platform: DeviceRegistrationPlatformEnum;
    /**
     * The push token. A secret (`x-secret`), recorded as `(redacted)` by `make record`.
     */
    token: string;
    /**
     * Push environment.
     */
    environment: DeviceRegistrationEnvironmentEnum;
    /**
     * App version.
     */
    appVersion?: string;
    /**
     * App build.
     */
    appBuild?: string;
    /**
     * Operating system version.
     */
    osVersion?: string;
    /**
     * Device model.
     */
    deviceModel?: string;
    /**
     * Form factor.
     */
    formFactor?: DeviceRegistrationFormFactorEnum;
    /**
     * Build variant; debug, beta channel, public store, internal.
     */
    appVariant?: DeviceRegistrationAppVariantEnum;
    /**
     * Locale.
     */
    locale?: string;
    /**
     * Time zone.
     */
    timeZone?: string;
    /**
     * Device capabilities.
     */
    capabilities?: Array<string>;
    /**
     * Notification authorization granted by the operating system.
     */
    systemAuthorization?: DeviceRegistrationSystemAuthorizationEnum;
    /**
     * Map from a key to a string value of at most 64 characters.
     */
    notificationSettings?: { [key: string]: string; };
    /**
     * Background refresh status.
     */
    backgroundRefreshStatus?: DeviceRegistrationBackgroundRefreshStatusEnum;
    /**
     * Whether push is enabled on the device.
     */
    pushEnabled?: boolean;
    /**
     * Push transport; one value, named after a mobile push gateway.
     */
    transport: DeviceRegistrationTransportEnum;
    /**
     * Free-form transport metadata, stored as given: at most 16384 bytes
     * (16 KiB) as compact JSON, which the service checks (400 naming
     * `/body/transportMetadata` beyond). A device is listed with its metadata,
     * so this bounds every device on a page.
     * 
     */
    transportMetadata?: { [key: string]: unknown; };
}


/**
 * @export
 */
export const DeviceRegistrationPlatformEnum = {
    MobileA: 'mobile_a',
    MobileB: 'mobile_b',
    DesktopA: 'desktop_a',
    DesktopB: 'desktop_b',
    Web: 'web',
} as const;
export type DeviceRegistrationPlatformEnum = typeof DeviceRegistrationPlatformEnum[keyof typeof DeviceRegistrationPlatformEnum];

/**
 * @export
 */
export const DeviceRegistrationEnvironmentEnum = {
    Sandbox: 'sandbox',
    Production: 'production',
} as const;
export type DeviceRegistrationEnvironmentEnum = typeof DeviceRegistrationEnvironmentEnum[keyof typeof DeviceRegistrationEnvironmentEnum];

/**
 * @export
 */
export const DeviceRegistrationFormFactorEnum = {
    Phone: 'phone',
    Tablet: 'tablet',
    Desktop: 'desktop',
    Watch: 'watch',
} as const;
export type DeviceRegistrationFormFactorEnum = typeof DeviceRegistrationFormFactorEnum[keyof typeof DeviceRegistrationFormFactorEnum];

/**
 * @export
 */
export const DeviceRegistrationAppVariantEnum = {
    Debug: 'debug',
    BetaDistribution: 'beta_distribution',
    Store: 'store',
    Internal: 'internal',
} as const;
export type DeviceRegistrationAppVariantEnum = typeof DeviceRegistrationAppVariantEnum[keyof typeof DeviceRegistrationAppVariantEnum];

/**
 * @export
 */
export const DeviceRegistrationSystemAuthorizationEnum = {
    Authorized: 'authorized',
    Denied: 'denied',
    Provisional: 'provisional',
    Ephemeral: 'ephemeral',
    NotDetermined: 'not_determined',
} as const;
export type DeviceRegistrationSystemAuthorizationEnum = typeof DeviceRegistrationSystemAuthorizationEnum[keyof typeof DeviceRegistrationSystemAuthorizationEnum];

/**
 * @export
 */
export const DeviceRegistrationBackgroundRefreshStatusEnum = {
    Available: 'available',
    Denied: 'denied',
    Restricted: 'restricted',
} as const;
export type DeviceRegistrationBackgroundRefreshStatusEnum = typeof DeviceRegistrationBackgroundRefreshStatusEnum[keyof typeof DeviceRegistrationBackgroundRefreshStatusEnum];

/**
 * @export
 */
export const DeviceRegistrationTransportEnum = {
    PushGateway: 'push_gateway',
} as const;
export type DeviceRegistrationTransportEnum = typeof DeviceRegistrationTransportEnum[keyof typeof DeviceRegistrationTransportEnum];

/**
 * When a device registration was made and last changed.
 * @export
 * @interface DeviceTimestamps
 */
export interface DeviceTimestamps {
    /**
     * When the caller registered the `(appId, installationId)` pair; taken over from another user, it starts anew.
     */
    createdAt: string;
    /**
     * When the registration last changed.
     */
    updatedAt: string;
}
/**
 * The extension member (RFC 9457) of a draft's `conflict` problem.
 * @export
 * @interface DraftConflictExtension
 */
export interface DraftConflictExtension {
    /**
     * The stored draft's `updatedAt`, or null when no draft exists.
     */
    updatedAt: string | null;
}
/**
 * A 409 problem carrying the stored draft's current `updatedAt` (`conflict`).
 * @export
 * @interface DraftConflictProblem
 */
export interface DraftConflictProblem {
    /**
     * The kind of problem: a URI. The types known today are listed in
     * `x-extensible-enum`, each with its meaning and status in
     * `x-enumDescriptions`. The list is open: a later minor version may add a
     * type, so a client branches on `type` where it knows it (not on `title` or
     * `detail`) and treats a type it does not know by its status.
     * 
     */
    type: string;
    /**
     * A short summary of the kind of problem.
     */
    title: string;
    /**
     * The HTTP status code.
     */
    status: number;
    /**
     * What went wrong with this request.
     */
    detail: string;
    /**
     * Validation failures, one per offending field, at most 50. A body of
     * more than 1024 values (objects, arrays and scalars, counted over the
     * whole body) is checked only up to its first error, which is listed
     * alone, and `detail` says so: listing every error costs time in the
     * number of errors, and a megabyte can hold millions.
     * 
     */
    errors?: Array<FieldError>;
    /**
     * Offending fields beyond the 50 listed in `errors`; absent when all are listed.
     */
    errorsNotListed?: number;
    /**
     * A request's id (see the `X-Request-Id` header).
     */
    requestId: string;
    /**
     * The stored draft's `updatedAt`, or null when no draft exists.
     */
    updatedAt: string | null;
}
/**
 * @type Element
 * One element of a rich-text block; the variants overlap and are alternatives in the `anyOf` sense.
 * @export
 */
export type Element = ParagraphElement | ListElement | CodeBlockElement | TableElement;

/**
 * One validation failure.
 * @export
 * @interface FieldError
 */
export interface FieldError {
    /**
     * JSON pointer to the offending value, e.g. `/body/phasesTemplate/0/goal`.
     */
    path: string;
    /**
     * What is wrong with it.
     */
    message: string;
}
/**
 * Liveness report.
 * @export
 * @interface Health
 */
export interface Health {
    /**
     * Always `ok` while the service can serve.
     */
    status: HealthStatusEnum;
}


/**
 * @export
 */
export const HealthStatusEnum = {
    Ok: 'ok',
} as const;
export type HealthStatusEnum = typeof HealthStatusEnum[keyof typeof HealthStatusEnum];

/**
 * The extension member (RFC 9457) of a `host-not-allowed` problem.
 * @export
 * @interface HostExtension
 */
export interface HostExtension {
    /**
     * The `Host` header as sent.
     */
    host: string;
}
/**
 * A 421 problem naming the `Host` that is not served (`host-not-allowed`).
 * @export
 * @interface HostProblem
 */
export interface HostProblem {
    /**
     * The kind of problem: a URI. The types known today are listed in
     * `x-extensible-enum`, each with its meaning and status in
     * `x-enumDescriptions`. The list is open: a later minor version may add a
     * type, so a client branches on `type` where it knows it (not on `title` or
     * `detail`) and treats a type it does not know by its status.
     * 
     */
    type: string;
    /**
     * A short summary of the kind of problem.
     */
    title: string;
    /**
     * The HTTP status code.
     */
    status: number;
    /**
     * What went wrong with this request.
     */
    detail: string;
    /**
     * Validation failures, one per offending field, at most 50. A body of
     * more than 1024 values (objects, arrays and scalars, counted over the
     * whole body) is checked only up to its first error, which is listed
     * alone, and `detail` says so: listing every error costs time in the
     * number of errors, and a megabyte can hold millions.
     * 
     */
    errors?: Array<FieldError>;
    /**
     * Offending fields beyond the 50 listed in `errors`; absent when all are listed.
     */
    errorsNotListed?: number;
    /**
     * A request's id (see the `X-Request-Id` header).
     */
    requestId: string;
    /**
     * The `Host` header as sent.
     */
    host: string;
}
/**
 * One namespace of the caller's identity settings.
 * @export
 * @interface IdentitySettings
 */
export interface IdentitySettings {
    /**
     * The namespace.
     */
    namespace: string;
    /**
     * The settings after all merges.
     */
    settings: { [key: string]: unknown; };
    /**
     * When the namespace last changed (a patch that changes nothing leaves it).
     */
    updatedAt: string;
}
/**
 * A merge patch of one namespace of identity settings.
 * @export
 * @interface IdentitySettingsPatch
 */
export interface IdentitySettingsPatch {
    /**
     * Free-form map from key to any value; merged per key as a JSON merge patch, `null` removes a key.
     */
    patch: { [key: string]: unknown; };
}
/**
 * The stream's first message.
 * @export
 * @interface InitialMessageInput
 */
export interface InitialMessageInput {
    /**
     * 
     */
    content: MessageContent;
    /**
     * Identifiers of attached assets; not checked for existence.
     */
    assetIds?: Array<string>;
}
/**
 * @type InlineNode
 * An inline node; the variants overlap (every node is also a type-only node) and are alternatives in the `anyOf` sense.
 * @export
 */
export type InlineNode = TextNode | LinkNode | TypeOnlyNode | TriggerNode;

/**
 * @type LinkChild
 * A child of a link; a text node or a type-only node.
 * @export
 */
export type LinkChild = TextNode | TypeOnlyNode;

/**
 * A link around inline nodes.
 * @export
 * @interface LinkNode
 */
export interface LinkNode {
    /**
     * Node type.
     */
    type: string;
    /**
     * The link target.
     */
    url: string;
    /**
     * The link's content; text nodes or type-only nodes.
     */
    children: Array<LinkChild>;
}
/**
 * A list; lists nest through their items.
 * @export
 * @interface ListElement
 */
export interface ListElement {
    /**
     * Node type.
     */
    type: string;
    /**
     * Kind of list.
     */
    listType: string;
    /**
     * Number of the first item.
     */
    start?: number;
    /**
     * The list's items.
     */
    children: Array<ListItem>;
}
/**
 * One list item.
 * @export
 * @interface ListItem
 */
export interface ListItem {
    /**
     * Node type.
     */
    type: string;
    /**
     * Checkbox state of a task item.
     */
    checked?: boolean;
    /**
     * Inline nodes, or nested lists.
     */
    children: Array<ListItemChild>;
}
/**
 * @type ListItemChild
 * A child of a list item; an inline node or a nested list.
 * @export
 */
export type ListItemChild = InlineNode | ListElement;

/**
 * A block of Markdown text.
 * @export
 * @interface MarkdownBlock
 */
export interface MarkdownBlock {
    /**
     * Node type.
     */
    type: string;
    /**
     * Markdown source.
     */
    markdown: string;
}
/**
 * A stored message; absent from a stream created without one.
 * @export
 * @interface Message
 */
export interface Message {
    /**
     * Server-made id (UUID v7).
     */
    id: string;
    /**
     * User id of the author.
     */
    authorId: string;
    /**
     * 
     */
    content: MessageContent;
    /**
     * Identifiers of attached assets, as given; empty when none were given.
     */
    assetIds: Array<string>;
    /**
     * When the message was created.
     */
    createdAt: string;
}
/**
 * Structured rich-text content; a tree of nodes, each with a string `type`.
 * @export
 * @interface MessageContent
 */
export interface MessageContent {
    /**
     * Top-level blocks, in order.
     */
    blocks: Array<Block>;
}
/**
 * A JSON merge patch of the caller's navigation preferences; every member optional, `null` removes.
 * @export
 * @interface NavigationPatch
 */
export interface NavigationPatch {
    /**
     * Grouping of the stream list; any string.
     */
    grouping?: string | null;
    /**
     * List view; any string.
     */
    listView?: string | null;
    /**
     * Sort order; any string.
     */
    sort?: string | null;
    /**
     * Pinned stream ids, in order; not checked for existence; replaces the stored list.
     */
    pinnedStreamIds?: Array<string> | null;
    /**
     * Pinned session ids, in order; not checked for existence; replaces the stored list.
     */
    pinnedSessionIds?: Array<string> | null;
    /**
     * Archived stream ids; not checked for existence; replaces the stored list.
     */
    archivedStreamIds?: Array<string> | null;
    /**
     * Map from stream id to rank; merged per key; stream ids are not checked for existence.
     */
    rankByStreamId?: { [key: string]: number | null; } | null;
    /**
     * Map from stream id to when it was last viewed; merged per key; stream ids are not checked for existence.
     */
    lastViewedAt?: { [key: string]: string | null; } | null;
    /**
     * Width of the left sidebar.
     */
    leftSidebarWidth?: number | null;
    /**
     * Whether the stream tip was dismissed.
     */
    hideStreamTipSeen?: boolean | null;
}
/**
 * The caller's navigation preferences after all merges.
 * @export
 * @interface NavigationPreferences
 */
export interface NavigationPreferences {
    /**
     * Grouping of the stream list.
     */
    grouping?: string;
    /**
     * List view.
     */
    listView?: string;
    /**
     * Sort order.
     */
    sort?: string;
    /**
     * Pinned streams, in order.
     */
    pinnedStreamIds?: Array<string>;
    /**
     * Pinned sessions, in order.
     */
    pinnedSessionIds?: Array<string>;
    /**
     * Archived streams.
     */
    archivedStreamIds?: Array<string>;
    /**
     * Map from stream id to rank.
     */
    rankByStreamId?: { [key: string]: number; };
    /**
     * Map from stream id to when it was last viewed.
     */
    lastViewedAt?: { [key: string]: string; };
    /**
     * Width of the left sidebar.
     */
    leftSidebarWidth?: number;
    /**
     * Whether the stream tip was dismissed.
     */
    hideStreamTipSeen?: boolean;
    /**
     * When the preferences last changed (a patch that changes nothing leaves it); `1970-01-01T00:00:00.000Z` (the Unix epoch) while they never have.
     */
    updatedAt: string;
}

/**
 * Which messages notify.
 * @export
 */
export const NotificationLevel = {
    Mentions: 'mentions',
    None: 'none',
} as const;
export type NotificationLevel = typeof NotificationLevel[keyof typeof NotificationLevel];

/**
 * The caller's notification settings after all merges.
 * @export
 * @interface NotificationSettings
 */
export interface NotificationSettings {
    /**
     * 
     */
    channels?: NotificationSettingsChannels;
    /**
     * 
     */
    availability?: Availability;
    /**
     * 
     */
    defaults?: NotificationSettingsDefaults;
    /**
     * Map from a key to a stream-notification rule.
     */
    overrides?: { [key: string]: StreamNotificationRule; };
    /**
     * Map from a key to a VIP rule.
     */
    vips?: { [key: string]: VipRule; };
    /**
     * 
     */
    sound?: Sound;
    /**
     * When the settings last changed (a patch that changes nothing leaves it); `1970-01-01T00:00:00.000Z` (the Unix epoch) while they never have.
     */
    updatedAt: string;
}


/**
 * Global channels.
 * @export
 * @interface NotificationSettingsChannels
 */
export interface NotificationSettingsChannels {
    /**
     * 
     */
    mobile?: NotificationSettingsChannelsMobile;
}
/**
 * The mobile channel.
 * @export
 * @interface NotificationSettingsChannelsMobile
 */
export interface NotificationSettingsChannelsMobile {
    /**
     * Whether mobile notifications are on.
     */
    enabled: boolean;
}
/**
 * Default rules.
 * @export
 * @interface NotificationSettingsDefaults
 */
export interface NotificationSettingsDefaults {
    /**
     * 
     */
    stream?: StreamNotificationRule;
}
/**
 * A JSON merge patch of the caller's notification settings; every member optional, `null` removes.
 * @export
 * @interface NotificationSettingsPatch
 */
export interface NotificationSettingsPatch {
    /**
     * 
     */
    channels?: NotificationSettingsPatchChannels | null;
    /**
     * 
     */
    availability?: NotificationSettingsPatchAvailability | null;
    /**
     * 
     */
    defaults?: NotificationSettingsPatchDefaults | null;
    /**
     * Map from a key (such as a stream id) to a stream-notification rule; merged per key. Keys are not checked for existence.
     */
    overrides?: { [key: string]: StreamNotificationRulePatch | null; } | null;
    /**
     * Map from a key (such as a user id) to a VIP rule; merged per key. Keys are not checked for existence.
     */
    vips?: { [key: string]: NotificationSettingsPatchVipsValue | null; } | null;
    /**
     * 
     */
    sound?: NotificationSettingsPatchSound | null;
}
/**
 * Availability hours; when given, all of its members are required.
 * @export
 * @interface NotificationSettingsPatchAvailability
 */
export interface NotificationSettingsPatchAvailability {
    /**
     * Whether availability hours apply.
     */
    enabled: boolean;
    /**
     * Time zone of `start` and `end`.
     */
    timeZone: string;
    /**
     * Days on which the hours apply; any integers.
     */
    days: Array<number>;
    /**
     * Start of the hours, `HH:MM`.
     */
    start: string;
    /**
     * End of the hours, `HH:MM`.
     */
    end: string;
}
/**
 * Global channels.
 * @export
 * @interface NotificationSettingsPatchChannels
 */
export interface NotificationSettingsPatchChannels {
    /**
     * 
     */
    mobile?: NotificationSettingsPatchChannelsMobile | null;
}
/**
 * The mobile channel; `enabled` is required when given.
 * @export
 * @interface NotificationSettingsPatchChannelsMobile
 */
export interface NotificationSettingsPatchChannelsMobile {
    /**
     * Whether mobile notifications are on.
     */
    enabled: boolean;
}
/**
 * Default rules.
 * @export
 * @interface NotificationSettingsPatchDefaults
 */
export interface NotificationSettingsPatchDefaults {
    /**
     * 
     */
    stream?: StreamNotificationRulePatch | null;
}
/**
 * @type NotificationSettingsPatchSound
 * A `Sound`, or `null`, which removes it.
 * @export
 */
export type NotificationSettingsPatchSound = Sound | null;

/**
 * 
 * @export
 * @interface NotificationSettingsPatchVipsValue
 */
export interface NotificationSettingsPatchVipsValue {
    /**
     * Whether this VIP's messages bypass availability hours.
     */
    bypass: boolean;
}
/**
 * The extension member (RFC 9457) of an `origin-not-allowed` problem.
 * @export
 * @interface OriginExtension
 */
export interface OriginExtension {
    /**
     * The preflight's `Origin` header as sent.
     */
    origin: string;
}
/**
 * A 403 problem naming the origin of a CORS preflight that `CORS_ORIGINS` does not allow (`origin-not-allowed`).
 * @export
 * @interface OriginProblem
 */
export interface OriginProblem {
    /**
     * The kind of problem: a URI. The types known today are listed in
     * `x-extensible-enum`, each with its meaning and status in
     * `x-enumDescriptions`. The list is open: a later minor version may add a
     * type, so a client branches on `type` where it knows it (not on `title` or
     * `detail`) and treats a type it does not know by its status.
     * 
     */
    type: string;
    /**
     * A short summary of the kind of problem.
     */
    title: string;
    /**
     * The HTTP status code.
     */
    status: number;
    /**
     * What went wrong with this request.
     */
    detail: string;
    /**
     * Validation failures, one per offending field, at most 50. A body of
     * more than 1024 values (objects, arrays and scalars, counted over the
     * whole body) is checked only up to its first error, which is listed
     * alone, and `detail` says so: listing every error costs time in the
     * number of errors, and a megabyte can hold millions.
     * 
     */
    errors?: Array<FieldError>;
    /**
     * Offending fields beyond the 50 listed in `errors`; absent when all are listed.
     */
    errorsNotListed?: number;
    /**
     * A request's id (see the `X-Request-Id` header).
     */
    requestId: string;
    /**
     * The preflight's `Origin` header as sent.
     */
    origin: string;
}
/**
 * A paragraph of inline nodes (`type` seen as `paragraph`).
 * @export
 * @interface ParagraphElement
 */
export interface ParagraphElement {
    /**
     * Node type.
     */
    type: string;
    /**
     * Writing direction.
     */
    direction?: string;
    /**
     * The paragraph's inline nodes.
     */
    children: Array<InlineNode>;
}
/**
 * One phase of a cycle template.
 * @export
 * @interface Phase
 */
export interface Phase {
    /**
     * The phase's id; unique within the draft.
     */
    id: string;
    /**
     * The agent working the phase; may be null; not checked for existence.
     */
    agentId: string | null;
    /**
     * What the phase achieves.
     */
    goal: string;
    /**
     * Instructions for the phase; may be null.
     */
    instructions: string | null;
    /**
     * Whether the cycle moves on by itself when the phase ends.
     */
    autoAdvance: boolean;
    /**
     * Display name; may be null.
     */
    phaseName: string | null;
    /**
     * User ids of the operators who may work the phase; not checked for existence.
     */
    operatorPool: Array<string>;
    /**
     * Ids of assets attached to the phase; not checked for existence.
     */
    assetIds?: Array<string>;
    /**
     * The phase this one was copied from (in this draft or another); may be null; not checked for existence.
     */
    sourcePhaseId?: string | null;
}
/**
 * An RFC 9457 problem document.
 * @export
 * @interface Problem
 */
export interface Problem {
    /**
     * The kind of problem: a URI. The types known today are listed in
     * `x-extensible-enum`, each with its meaning and status in
     * `x-enumDescriptions`. The list is open: a later minor version may add a
     * type, so a client branches on `type` where it knows it (not on `title` or
     * `detail`) and treats a type it does not know by its status.
     * 
     */
    type: string;
    /**
     * A short summary of the kind of problem.
     */
    title: string;
    /**
     * The HTTP status code.
     */
    status: number;
    /**
     * What went wrong with this request.
     */
    detail: string;
    /**
     * Validation failures, one per offending field, at most 50. A body of
     * more than 1024 values (objects, arrays and scalars, counted over the
     * whole body) is checked only up to its first error, which is listed
     * alone, and `detail` says so: listing every error costs time in the
     * number of errors, and a megabyte can hold millions.
     * 
     */
    errors?: Array<FieldError>;
    /**
     * Offending fields beyond the 50 listed in `errors`; absent when all are listed.
     */
    errorsNotListed?: number;
    /**
     * A request's id (see the `X-Request-Id` header).
     */
    requestId: string;
}
/**
 * The extension members (RFC 9457) of a `quota-exceeded` problem.
 * @export
 * @interface QuotaExtension
 */
export interface QuotaExtension {
    /**
     * The setting of a quota. The quotas known today are listed in
     * `x-extensible-enum`. The list is open: a later minor version may add a
     * quota, so a client that does not know the value still has the status,
     * the type, `limit` and the detail.
     * 
     */
    quota: string;
    /**
     * The quota.
     */
    limit: number;
    /**
     * What the caller keeps now (records, or bytes for `QUOTA_BYTES`).
     */
    used: number;
}
/**
 * A 403 problem naming the quota the write would pass (`quota-exceeded`).
 * @export
 * @interface QuotaProblem
 */
export interface QuotaProblem {
    /**
     * The kind of problem: a URI. The types known today are listed in
     * `x-extensible-enum`, each with its meaning and status in
     * `x-enumDescriptions`. The list is open: a later minor version may add a
     * type, so a client branches on `type` where it knows it (not on `title` or
     * `detail`) and treats a type it does not know by its status.
     * 
     */
    type: string;
    /**
     * A short summary of the kind of problem.
     */
    title: string;
    /**
     * The HTTP status code.
     */
    status: number;
    /**
     * What went wrong with this request.
     */
    detail: string;
    /**
     * Validation failures, one per offending field, at most 50. A body of
     * more than 1024 values (objects, arrays and scalars, counted over the
     * whole body) is checked only up to its first error, which is listed
     * alone, and `detail` says so: listing every error costs time in the
     * number of errors, and a megabyte can hold millions.
     * 
     */
    errors?: Array<FieldError>;
    /**
     * Offending fields beyond the 50 listed in `errors`; absent when all are listed.
     */
    errorsNotListed?: number;
    /**
     * A request's id (see the `X-Request-Id` header).
     */
    requestId: string;
    /**
     * The setting of a quota. The quotas known today are listed in
     * `x-extensible-enum`. The list is open: a later minor version may add a
     * quota, so a client that does not know the value still has the status,
     * the type, `limit` and the detail.
     * 
     */
    quota: string;
    /**
     * The quota.
     */
    limit: number;
    /**
     * What the caller keeps now (records, or bytes for `QUOTA_BYTES`).
     */
    used: number;
}
/**
 * A stored read marker; sent back to `PUT /api/chat/reads` as it is, it is accepted.
 * @export
 * @interface ReadMarker
 */
export interface ReadMarker {
    /**
     * The stream read in.
     */
    streamId: string;
    /**
     * The thread session read in; absent for the stream itself.
     */
    threadSessionId?: string;
    /**
     * The last message read.
     */
    lastReadMessageId: string;
    /**
     * When the marker was last written.
     */
    updatedAt: string;
}
/**
 * A read marker to record.
 * @export
 * @interface ReadMarkerInput
 */
export interface ReadMarkerInput {
    /**
     * The stream read in; not checked for existence.
     */
    streamId: string;
    /**
     * The thread session read in; absent for the stream itself; not checked for existence.
     */
    threadSessionId?: string;
    /**
     * The last message read; not checked for existence.
     */
    lastReadMessageId: string;
}
/**
 * The caller's read markers in one stream.
 * @export
 * @interface ReadMarkerList
 */
export interface ReadMarkerList {
    /**
     * Stream-level marker first, then thread markers by thread session id; at most `limit`.
     */
    items: Array<ReadMarker>;
}
/**
 * A block of rich-text elements (`type` seen as `rich_text`).
 * @export
 * @interface RichTextBlock
 */
export interface RichTextBlock {
    /**
     * Node type.
     */
    type: string;
    /**
     * The block's elements.
     */
    elements: Array<Element>;
}
/**
 * Mobile notification levels of a stream-notification rule.
 * @export
 * @interface RuleMobileChannel
 */
export interface RuleMobileChannel {
    /**
     * 
     */
    main: NotificationLevel;
    /**
     * 
     */
    sessions: NotificationLevel;
}



/**
 * Notification sound.
 * @export
 */
export const Sound = {
    ShakeBottlePop: 'shake-bottle-pop',
    Boing: 'boing',
    BubblePop: 'bubble-pop',
    BubblePopQuick: 'bubble-pop-quick',
    BubblesPop: 'bubbles-pop',
    Doodoodoo: 'doodoodoo',
    DoodoodooReverb: 'doodoodoo-reverb',
    HighPitchPing: 'high-pitch-ping',
    LightDoubleClicks: 'light-double-clicks',
    Mhm: 'mhm',
    MusicNote: 'music-note',
    Oooh: 'oooh',
    Quack: 'quack',
    StoreDoorOpening: 'store-door-opening',
    ThrowBoing: 'throw-boing',
    Uhoh: 'uhoh',
    WaterDrop: 'water-drop',
    Wow: 'wow',
} as const;
export type Sound = typeof Sound[keyof typeof Sound];

/**
 * A stream as stored.
 * @export
 * @interface Stream
 */
export interface Stream {
    /**
     * Server-made id (UUID v7).
     */
    id: string;
    /**
     * The stream's title.
     */
    title: string;
    /**
     * Who can read the stream, as given at creation; absent when not given. Exactly `public` means every authenticated user; any other value, or none, means its members only.
     */
    visibility?: string;
    /**
     * User ids of the members, who can read the stream whatever its `visibility`; the creator first, then `memberUserIds` in order, without duplicates.
     */
    members: Array<string>;
    /**
     * User id of the creator.
     */
    createdBy: string;
    /**
     * When the stream was created.
     */
    createdAt: string;
    /**
     * 
     */
    initialMessage?: Message;
}
/**
 * A stream-notification rule as stored.
 * @export
 * @interface StreamNotificationRule
 */
export interface StreamNotificationRule {
    /**
     * 
     */
    channels: StreamNotificationRuleChannels;
    /**
     * When the rule stops applying.
     */
    until?: string;
}
/**
 * Per-channel levels.
 * @export
 * @interface StreamNotificationRuleChannels
 */
export interface StreamNotificationRuleChannels {
    /**
     * 
     */
    mobile?: RuleMobileChannel;
}
/**
 * A stream-notification rule in a merge patch; `null` removes it.
 * @export
 * @interface StreamNotificationRulePatch
 */
export interface StreamNotificationRulePatch {
    /**
     * 
     */
    channels: StreamNotificationRulePatchChannels;
    /**
     * When the rule stops applying; may be null (removes it).
     */
    until?: string | null;
}
/**
 * Per-channel levels.
 * @export
 * @interface StreamNotificationRulePatchChannels
 */
export interface StreamNotificationRulePatchChannels {
    /**
     * 
     */
    mobile?: StreamNotificationRulePatchChannelsMobile | null;
}
/**
 * Mobile levels; `null` removes them.
 * @export
 * @interface StreamNotificationRulePatchChannelsMobile
 */
export interface StreamNotificationRulePatchChannelsMobile {
    /**
     * 
     */
    main: NotificationLevel;
    /**
     * 
     */
    sessions: NotificationLevel;
}


/**
 * One cell of a row.
 * @export
 * @interface TableCell
 */
export interface TableCell {
    /**
     * Node type.
     */
    type: string;
    /**
     * Horizontal alignment.
     */
    align?: string;
    /**
     * The cell's inline nodes.
     */
    children: Array<InlineNode>;
}
/**
 * A table-like container of rows.
 * @export
 * @interface TableElement
 */
export interface TableElement {
    /**
     * Node type.
     */
    type: string;
    /**
     * The rows.
     */
    children: Array<TableRow>;
}
/**
 * One row of a table-like container.
 * @export
 * @interface TableRow
 */
export interface TableRow {
    /**
     * Node type.
     */
    type: string;
    /**
     * The row's cells.
     */
    children: Array<TableCell>;
}
/**
 * A run of text (`type` seen as `text`).
 * @export
 * @interface TextNode
 */
export interface TextNode {
    /**
     * Node type.
     */
    type: string;
    /**
     * The text.
     */
    text: string;
    /**
     * 
     */
    style?: TextStyle;
}
/**
 * Styling of a text node.
 * @export
 * @interface TextStyle
 */
export interface TextStyle {
    /**
     * Bold.
     */
    bold?: boolean;
    /**
     * Italic.
     */
    italic?: boolean;
    /**
     * Struck through.
     */
    strikethrough?: boolean;
    /**
     * Inline code.
     */
    code?: boolean;
}
/**
 * A node that names a trigger.
 * @export
 * @interface TriggerNode
 */
export interface TriggerNode {
    /**
     * Node type.
     */
    type: string;
    /**
     * The trigger's name.
     */
    triggerName: string;
}
/**
 * A node carrying only its type.
 * @export
 * @interface TypeOnlyNode
 */
export interface TypeOnlyNode {
    /**
     * Node type.
     */
    type: string;
}
/**
 * Notification rule for one VIP.
 * @export
 * @interface VipRule
 */
export interface VipRule {
    /**
     * Whether this VIP's messages bypass availability hours.
     */
    bypass: boolean;
}
