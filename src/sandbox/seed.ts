import type {
  CycleTemplateDraft,
  Device,
  DeviceList,
  IdentitySettings,
  ReadMarkerList,
  Stream,
} from '../../generated/index.js';
import type { Contract } from '../contract/declared-responses.js';
import { LOCAL_USER } from '../edge/authenticate.js';
import { keyOf, type Collection, type Store } from '../store/store.js';

type Seeder = (store: Store, example: unknown) => Promise<unknown>;

/** Seeds belong to the local user, and count against its quotas as its own writes would. */
const put = (store: Store, collection: Collection, key: string, value: unknown, group?: string) =>
  store.update(collection, key, () => value, { ...(group === undefined ? {} : { group }), owner: LOCAL_USER });

/**
 * How the example of each GET's 200 is stored so that the GET returns it: under
 * the keys the handlers use, for the user `local` (test/system/sandbox.test.ts checks
 * every GET against its example, so a change of keys shows up there).
 */
const SEEDERS: Record<string, Seeder> = {
  checkLiveness: async () => undefined,
  checkReadiness: async () => undefined,
  getStream: (store, stream) => put(store, 'streams', (stream as Stream).id.toLowerCase(), stream),
  getNavigationPreferences: (store, nav) => put(store, 'navigation', keyOf(LOCAL_USER), nav),
  getNotificationSettings: (store, settings) => put(store, 'notificationSettings', keyOf(LOCAL_USER), settings),
  getIdentitySettings: (store, settings) =>
    put(store, 'identitySettings', keyOf(LOCAL_USER, (settings as IdentitySettings).namespace), settings),
  getCycleTemplateDraft: (store, draft) =>
    put(store, 'drafts', (draft as CycleTemplateDraft).templateId.toLowerCase(), draft),
  getDevice: (store, device) =>
    put(
      store,
      'devices',
      keyOf((device as Device).appId, (device as Device).installationId),
      { ...(device as Device), userId: LOCAL_USER },
      LOCAL_USER,
    ),
  listDevices: (store, list) =>
    Promise.all(
      (list as DeviceList).items.map((device) =>
        put(
          store,
          'devices',
          keyOf(device.appId, device.installationId),
          { ...device, userId: LOCAL_USER },
          LOCAL_USER,
        ),
      ),
    ),
  listReadMarkers: (store, list) =>
    Promise.all(
      (list as ReadMarkerList).items.map((marker) =>
        put(
          store,
          'readMarkers',
          keyOf(LOCAL_USER, marker.streamId, marker.threadSessionId ?? ''),
          marker,
          keyOf(LOCAL_USER, marker.streamId),
        ),
      ),
    ),
};

/** The named example each GET answers 200 with, as the Prism mock serves it, by operationId. */
export function getExamples(contract: Contract): Map<string, unknown> {
  const examples = new Map<string, unknown>();
  for (const operation of contract.operations) {
    const ok =
      operation.method === 'get' ? operation.responses.find((response) => response.status === '200') : undefined;
    const [first] = ok?.mediaType === 'application/json' ? ok.examples : [];
    if (first) examples.set(operation.operationId, first[1]);
  }
  return examples;
}

/** Stores the example of every GET (from getExamples), so a first GET returns what the mock returns. */
export async function seedStore(store: Store, examples: Map<string, unknown>): Promise<void> {
  for (const [operationId, example] of examples) {
    const seed = SEEDERS[operationId];
    if (!seed) throw new Error(`src/sandbox/seed.ts has no seed for ${operationId}: say how its example is stored`);
    await seed(store, example);
  }
}
