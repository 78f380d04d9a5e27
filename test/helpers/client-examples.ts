import type { ClientCalls } from '../browser/client-calls.js';

/** The value of mocks/examples/<name>.json. */
export const readExample = async (name: string) =>
  (await import(`../../mocks/examples/${name}.json`, { with: { type: 'json' } })).default.value;

/** What the calls of test/browser/client-calls.ts must see from the examples: one page, the stream, the 201, the 409, the 404. */
export async function expected(): Promise<ClientCalls> {
  const [devices, stream, created, stale, missing] = await Promise.all(
    ['device-list', 'stream-created', 'stream-created', 'draft-stale', 'stream-not-found'].map(readExample),
  );
  return {
    pages: [devices.items.length],
    stream: {
      id: stream.id,
      title: stream.title,
      texts: [
        'Kick-off is on ',
        'Monday at 10:00',
        '. Please read the ',
        'roadmap',
        ' before then.',
        'Moved from ',
        'Friday',
        '; the room is ',
        '4.12',
      ],
    },
    created: { status: 201, location: `/api/streams/${created.id}`, id: created.id },
    conflict: { status: 409, type: stale.type, updatedAt: stale.updatedAt },
    missing: { status: 404, type: missing.type },
  };
}
