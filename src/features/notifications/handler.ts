import type { Router } from 'express';
import type { NotificationSettings, NotificationSettingsPatch } from '../../../generated/index.js';
import { documentRoutes } from '../shared/document-routes.js';
import type { Store } from '../../store/store.js';

export function notificationRoutes(api: Router, store: Store): void {
  documentRoutes<NotificationSettings, NotificationSettingsPatch>(api, store, {
    path: '/notifications/settings',
    collection: 'notificationSettings',
    missing: 'No notification settings have been saved yet.',
  });
}
