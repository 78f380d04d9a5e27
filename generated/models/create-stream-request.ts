/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { InitialMessageInput } from './initial-message-input.js';

/**
 * Stream creation payload.
 */
export interface CreateStreamRequest {
    /**
     * The stream\'s title.
     */
    'title': string;
    /**
     * Who can read the stream; any string. Exactly `public` opens it to every authenticated user; any other value, or none, keeps it to its members.
     */
    'visibility'?: string;
    /**
     * User identifiers of initial members, who can read the stream beside the creator; not checked for existence.
     */
    'memberUserIds'?: Array<string>;
    'initialMessage'?: InitialMessageInput;
}

