import type { Device, DeviceRegistration } from '../../../generated/index.js';
import { HttpProblem } from '../../errors/problem.js';
import { MAX_TRANSPORT_METADATA_BYTES } from '../../lib/document-cap.js';
import { nextTimestamp } from '../../lib/time.js';
import { keyOf, type Entry, type Page } from '../../store/store.js';
import type { Context } from '../shared/context.js';
import { checkPreconditions } from '../shared/preconditions.js';

/** What is stored: the device and the user it belongs to. */
export type StoredDevice = Device & { userId: string };

const deviceKey = (appId: string, installationId: string) => keyOf(appId, installationId);

/**
 * Stores the registration under (appId, installationId) for the caller, replacing any earlier one, if the preconditions
 * hold over the caller's registration. Another user's is none to the caller, as for GET and DELETE: the caller's
 * registration is new (created, with a createdAt of its own), and the other user's is gone.
 */
export async function registerDevice(
  { store, clock, caller, preconditions = {} }: Context,
  { registration }: { registration: DeviceRegistration },
): Promise<{ device: Device; created: boolean }> {
  checkMetadataSize(registration.transportMetadata);
  const key = deviceKey(registration.appId, registration.installationId);
  let device: Device | undefined; // the answer, made with the stored device rather than copied from it
  const { previous } = await store.update<StoredDevice>(
    'devices',
    key,
    (stored) => {
      const own = stored?.userId === caller ? stored : undefined;
      checkPreconditions(preconditions, () => (own ? withoutOwner(own) : undefined));
      const updatedAt = nextTimestamp(stored?.updatedAt, clock.now());
      device = { ...registration, createdAt: own?.createdAt ?? updatedAt, updatedAt };
      return { ...device, userId: caller };
    },
    { group: caller, owner: caller },
  );
  if (device === undefined) throw new Error('the store answered an update without calling its change');
  return { device, created: previous?.userId !== caller };
}

/** One page of the caller's devices, in the order of their keys (`appId/installationId`). */
export async function listDevices({ store, caller }: Context, { page }: { page: Page }): Promise<Entry<Device>[]> {
  const entries = await store.list<StoredDevice>('devices', caller, page);
  return entries.map(({ key, value }) => ({ key, value: withoutOwner(value) }));
}

/** The caller's registration with these ids; another user's is reported as missing, as no registration is. */
export async function readDevice(
  { store, caller }: Context,
  { appId, installationId }: { appId: string; installationId: string },
): Promise<Device> {
  const stored = await store.get<StoredDevice>('devices', deviceKey(appId, installationId));
  if (stored?.userId !== caller) throw new HttpProblem('not-found', 'No such device is registered to you.');
  return withoutOwner(stored);
}

/** Removes the caller's registration if the preconditions hold over it; another user's is reported as missing, before any precondition. */
export async function unregisterDevice(
  { store, caller, preconditions = {} }: Context,
  { appId, installationId }: { appId: string; installationId: string },
) {
  await store.update<StoredDevice>('devices', deviceKey(appId, installationId), (stored) => {
    if (stored?.userId !== caller) throw new HttpProblem('not-found', 'No such device is registered to you.');
    checkPreconditions(preconditions, () => withoutOwner(stored));
    return undefined;
  });
}

function checkMetadataSize(metadata: object | undefined): void {
  const bytes = metadata === undefined ? 0 : Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > MAX_TRANSPORT_METADATA_BYTES) {
    throw new HttpProblem('validation-failed', 'The request does not match openapi.yaml.', {
      errors: [
        {
          path: '/body/transportMetadata',
          message: `must take at most ${MAX_TRANSPORT_METADATA_BYTES} bytes as compact JSON, not ${bytes}`,
        },
      ],
    });
  }
}

/** A stored device as the contract returns it: without the user it belongs to. */
export function withoutOwner({ userId: _owner, ...device }: StoredDevice): Device {
  return device;
}
