import type { Router } from 'express';
import type { NotificationSettings, NotificationSettingsPatch } from '../../../generated/index.js';
import { documentRoutes, NEVER_WRITTEN } from '../shared/document-routes.js';

/** Before the first write (openapi.yaml, getNotificationSettings): no rules, no VIPs, no sound; the rest unset. */
const DEFAULTS: NotificationSettings = Object.freeze({ overrides: {}, vips: {}, updatedAt: NEVER_WRITTEN });

export function notificationRoutes(api: Router): void {
  documentRoutes<NotificationSettings, NotificationSettingsPatch>(api, {
    path: '/notifications/settings',
    collection: 'notificationSettings',
    defaults: DEFAULTS,
  });
}
