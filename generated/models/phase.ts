/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
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
     * The agent working the phase; may be null.
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
     * Operators who may work the phase.
     */
    'operatorPool': Array<string>;
    /**
     * Assets attached to the phase.
     */
    'assetIds'?: Array<string>;
    /**
     * The phase this one was copied from; may be null.
     */
    'sourcePhaseId'?: string | null;
}

