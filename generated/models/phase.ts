/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * One phase of a cycle template.
 */
export interface Phase {
    /**
     * The phase\'s id; unique within the draft.
     */
    'id': string;
    /**
     * The agent working the phase; may be null; not checked for existence.
     */
    'agentId': string | null;
    /**
     * What the phase achieves.
     */
    'goal': string;
    /**
     * Instructions for the phase; may be null.
     */
    'instructions': string | null;
    /**
     * Whether the cycle moves on by itself when the phase ends.
     */
    'autoAdvance': boolean;
    /**
     * Display name; may be null.
     */
    'phaseName': string | null;
    /**
     * User ids of the operators who may work the phase; not checked for existence.
     */
    'operatorPool': Array<string>;
    /**
     * Ids of assets attached to the phase; not checked for existence.
     */
    'assetIds'?: Array<string>;
    /**
     * The phase this one was copied from (in this draft or another); may be null; not checked for existence.
     */
    'sourcePhaseId'?: string | null;
}

