/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * The caller\'s navigation preferences after all merges.
 */
export interface NavigationPreferences {
    /**
     * Grouping of the stream list.
     */
    'grouping'?: string;
    /**
     * List view.
     */
    'listView'?: string;
    /**
     * Sort order.
     */
    'sort'?: string;
    /**
     * Pinned streams, in order.
     */
    'pinnedStreamIds'?: Array<string>;
    /**
     * Pinned sessions, in order.
     */
    'pinnedSessionIds'?: Array<string>;
    /**
     * Archived streams.
     */
    'archivedStreamIds'?: Array<string>;
    /**
     * Map from stream id to rank.
     */
    'rankByStreamId'?: { [key: string]: number; };
    /**
     * Map from stream id to when it was last viewed.
     */
    'lastViewedAt'?: { [key: string]: string; };
    /**
     * Width of the left sidebar.
     */
    'leftSidebarWidth'?: number;
    /**
     * Whether the stream tip was dismissed.
     */
    'hideStreamTipSeen'?: boolean;
    /**
     * When the preferences last changed (a patch that changes nothing leaves it); `1970-01-01T00:00:00.000Z` (the Unix epoch) while they never have.
     */
    'updatedAt': string;
}

