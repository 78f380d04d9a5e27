/** The stream id of seeded record `index`: a valid version-4 UUID, the same in every process. */
export function benchStreamId(index: number): string {
  return `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

/** The bench's ~1 KB device registration (the device PUT's body, and the seeded devices', each with its own installationId). */
export const DEVICE_BODY = JSON.stringify({
  installationId: 'bench-phone',
  appId: 'com.example.chat',
  platform: 'mobile_a',
  token: 'x'.repeat(160),
  environment: 'production',
  transport: 'push_gateway',
  appVersion: '5.2.0',
  appBuild: '5200',
  osVersion: '18.1',
  deviceModel: 'Pixel 9',
  formFactor: 'phone',
  appVariant: 'store',
  locale: 'de-DE',
  timeZone: 'Europe/Berlin',
  capabilities: ['rich-push', 'badges'],
  systemAuthorization: 'authorized',
  notificationSettings: { alert: 'on' },
  backgroundRefreshStatus: 'available',
  pushEnabled: true,
  transportMetadata: { topic: 'com.example.chat' },
});
