/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * Liveness report.
 */
export interface Health {
    /**
     * Always `ok` while the service can serve.
     */
    'status': HealthStatusEnum;
}

export const HealthStatusEnum = {
    Ok: 'ok',
} as const;

export type HealthStatusEnum = typeof HealthStatusEnum[keyof typeof HealthStatusEnum];


