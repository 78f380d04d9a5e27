/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { ReadMarker } from './read-marker.js';

/**
 * The caller\'s read markers in one stream.
 */
export interface ReadMarkerList {
    /**
     * Stream-level marker first, then thread markers by thread session id; at most `limit`.
     */
    'items': Array<ReadMarker>;
}

