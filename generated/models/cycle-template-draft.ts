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
 * A stored cycle template draft.
 */
export interface CycleTemplateDraft {
    /**
     * The cycle template\'s id.
     */
    'templateId': string;
    /**
     * Trigger name.
     */
    'triggerName': string;
    /**
     * The template\'s description.
     */
    'description': string | null;
    /**
     * The phases, in order.
     */
    'phasesTemplate': Array<Phase>;
    /**
     * When the first draft of this template was saved.
     */
    'createdAt': string;
    /**
     * When the draft was last saved; strictly increases on every save.
     */
    'updatedAt': string;
    /**
     * User id of the last saver.
     */
    'updatedBy': string;
}

