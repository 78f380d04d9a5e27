import type { Router } from 'express';
import type { NavigationPatch, NavigationPreferences } from '../../generated/index.js';
import { documentRoutes } from '../lib/document-routes.js';
import type { Store } from '../store/store.js';

export function navRoutes(store: Store): Router {
  return documentRoutes<NavigationPreferences, NavigationPatch>(store, {
    path: '/api/streams/nav',
    collection: 'navigation',
    missing: 'No navigation preferences have been saved yet.',
  });
}
