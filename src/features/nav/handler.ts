import type { Router } from 'express';
import type { NavigationPatch, NavigationPreferences } from '../../../generated/index.js';
import { documentRoutes } from '../shared/document-routes.js';
import type { Store } from '../../store/store.js';

export function navRoutes(api: Router, store: Store): void {
  documentRoutes<NavigationPreferences, NavigationPatch>(api, store, {
    path: '/streams/nav',
    collection: 'navigation',
    missing: 'No navigation preferences have been saved yet.',
  });
}
