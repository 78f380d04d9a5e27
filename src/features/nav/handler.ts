import type { Router } from 'express';
import type { NavigationPatch, NavigationPreferences } from '../../../generated/index.js';
import { documentRoutes, NEVER_WRITTEN } from '../shared/document-routes.js';

/** Before the first write (openapi.yaml, getNavigationPreferences): nothing pinned, archived, ranked or viewed, the tip not dismissed. */
const DEFAULTS: NavigationPreferences = Object.freeze({
  pinnedStreamIds: [],
  pinnedSessionIds: [],
  archivedStreamIds: [],
  rankByStreamId: {},
  lastViewedAt: {},
  hideStreamTipSeen: false,
  updatedAt: NEVER_WRITTEN,
});

export function navRoutes(api: Router): void {
  documentRoutes<NavigationPreferences, NavigationPatch>(api, {
    path: '/streams/nav',
    collection: 'navigation',
    defaults: DEFAULTS,
  });
}
