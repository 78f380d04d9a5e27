import type { Router } from 'express';
import type { NavigationPatch, NavigationPreferences } from '../../../generated/index.js';
import { documentRoutes } from '../shared/document-routes.js';

export function navRoutes(api: Router): void {
  documentRoutes<NavigationPreferences, NavigationPatch>(api, {
    path: '/streams/nav',
    collection: 'navigation',
    missing: 'No navigation preferences have been saved yet.',
  });
}
