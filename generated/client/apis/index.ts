/* tslint:disable */
/* eslint-disable */
export * from './CyclesApi.js';
export * from './DevicesApi.js';
export * from './HealthApi.js';
export * from './IdentityApi.js';
export * from './NavigationApi.js';
export * from './NotificationsApi.js';
export * from './ReadsApi.js';
export * from './StreamsApi.js';
