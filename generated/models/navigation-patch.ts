/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * A JSON merge patch of the caller\'s navigation preferences; every member optional, `null` removes.
 */
export interface NavigationPatch {
    /**
     * Grouping of the stream list; any string.
     */
    'grouping'?: string | null;
    /**
     * List view; any string.
     */
    'listView'?: string | null;
    /**
     * Sort order; any string.
     */
    'sort'?: string | null;
    /**
     * Pinned stream ids, in order; not checked for existence; replaces the stored list.
     */
    'pinnedStreamIds'?: Array<string> | null;
    /**
     * Pinned session ids, in order; not checked for existence; replaces the stored list.
     */
    'pinnedSessionIds'?: Array<string> | null;
    /**
     * Archived stream ids; not checked for existence; replaces the stored list.
     */
    'archivedStreamIds'?: Array<string> | null;
    /**
     * Map from stream id to rank; merged per key; stream ids are not checked for existence.
     */
    'rankByStreamId'?: { [key: string]: number | null; } | null;
    /**
     * Map from stream id to when it was last viewed; merged per key; stream ids are not checked for existence.
     */
    'lastViewedAt'?: { [key: string]: string | null; } | null;
    /**
     * Width of the left sidebar.
     */
    'leftSidebarWidth'?: number | null;
    /**
     * Whether the stream tip was dismissed.
     */
    'hideStreamTipSeen'?: boolean | null;
}

