import type {
  CycleTemplateDraft,
  Device,
  DeviceList,
  IdentitySettings,
  ReadMarkerList,
  Stream,
} from '../../generated/index.js';
import type { Expectation } from '../lib/expectations.js';
import { madeIn, noteSent } from '../lib/id-map.js';

type Request = Expectation['request'];

/** Drops members (the server's own: timestamps, ids, the user) from an example to send it as a write's body. */
const without = <T extends object, K extends keyof T>(value: T, ...names: K[]): Omit<T, K> =>
  Object.fromEntries(Object.entries(value).filter(([name]) => !names.includes(name as K))) as Omit<T, K>;

/**
 * The write that stores each GET's example, with the status it answers and the example as its body:
 * the examples' seed (seed.ts) made through the API, as a target that is not the sandbox is set up.
 * Streams first: their ids, made by the target, are then sent in the others' place by position.
 */
const STEPS: Record<string, (example: unknown) => [Request, number, unknown][]> = {
  checkLiveness: () => [],
  checkReadiness: () => [],
  getStream: (example) => {
    const { title, visibility, members, initialMessage } = example as Stream;
    const body = {
      title,
      ...(visibility === undefined ? {} : { visibility }),
      memberUserIds: members,
      ...(initialMessage ? { initialMessage: without(initialMessage, 'id', 'authorId', 'createdAt') } : {}),
    };
    return [[{ method: 'POST', path: '/api/streams', body }, 201, example]];
  },
  getNavigationPreferences: (example) => [
    [
      { method: 'PATCH', path: '/api/streams/nav', body: without(example as { updatedAt: string }, 'updatedAt') },
      200,
      example,
    ],
  ],
  getNotificationSettings: (example) => [
    [
      {
        method: 'PATCH',
        path: '/api/notifications/settings',
        body: without(example as { updatedAt: string }, 'updatedAt'),
      },
      200,
      example,
    ],
  ],
  getIdentitySettings: (example) => {
    const { namespace, settings } = example as IdentitySettings;
    return [
      [{ method: 'PATCH', path: `/api/identity/settings/${namespace}`, body: { patch: settings } }, 200, example],
    ];
  },
  getCycleTemplateDraft: (example) => {
    const draft = example as CycleTemplateDraft;
    const body = without(draft, 'templateId', 'createdAt', 'updatedAt', 'updatedBy');
    return [[{ method: 'PUT', path: `/api/cycles/templates/${draft.templateId}/draft`, body }, 201, example]];
  },
  listDevices: (example) =>
    (example as DeviceList).items.map((device) => [
      {
        method: 'PUT',
        path: '/api/notifications/devices',
        body: without(device as Device & { userId?: string }, 'createdAt', 'updatedAt', 'userId'),
      },
      201,
      device,
    ]),
  // The list's first device (test/system/sandbox.test.ts holds them equal): listDevices' step stores it.
  getDevice: () => [],
  listReadMarkers: (example) =>
    (example as ReadMarkerList).items.map((marker) => [
      { method: 'PUT', path: '/api/chat/reads', body: without(marker, 'updatedAt') },
      200,
      marker,
    ]),
};
const ORDER = ['getStream'];

/** The examples' seed (getExamples) as the state expectations name: each write, with the ids and timestamps its answer holds. */
export function seedSteps(examples: Map<string, unknown>): Expectation[] {
  const seen = new Set<string>();
  const ordered = [...examples].sort(([a], [b]) => Number(!ORDER.includes(a)) - Number(!ORDER.includes(b)));
  return ordered.flatMap(([operationId, example]) => {
    const steps = STEPS[operationId];
    if (!steps)
      throw new Error(`src/sandbox/seed-steps.ts has no steps for ${operationId}: say how its example is written`);
    return steps(example).map(([request, status, answer]) => {
      noteSent([request.path.split('/'), request.body], seen);
      const body = madeIn(answer, seen);
      return { request, response: { status, ...(body === undefined ? {} : { body }) } };
    });
  });
}
