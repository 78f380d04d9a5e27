import type { Router } from 'express';
import type { NotificationSettings, NotificationSettingsPatch } from '../../../generated/index.js';
import { documentRoutes } from '../shared/document-routes.js';

export function notificationRoutes(api: Router): void {
  documentRoutes<NotificationSettings, NotificationSettingsPatch>(api, {
    path: '/notifications/settings',
    collection: 'notificationSettings',
    missing: 'No notification settings have been saved yet.',
  });
}
