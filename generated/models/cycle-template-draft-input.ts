/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { Phase } from './phase.js';

/**
 * A cycle template draft to save.
 */
export interface CycleTemplateDraftInput {
    /**
     * Trigger name; a lowercase letter or digit, then lowercase letters, digits or hyphens.
     */
    'triggerName': string;
    /**
     * The template\'s description; may be null.
     */
    'description': string | null;
    /**
     * The phases, in order.
     */
    'phasesTemplate': Array<Phase>;
    /**
     * When true, the save fails with 409 if a draft already exists.
     */
    'createOnly'?: boolean;
    /**
     * When given, the save fails with 409 unless the stored draft\'s `updatedAt` is this instant.
     */
    'expectedDraftUpdatedAt'?: string;
}

