import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { SignJWT } from 'jose';
import { call } from './client.js';
import { aDevice, aDraft, uuid } from './factories.js';
import { track } from './process.js';
import type { Service } from './service.js';

export const SECRET = 'dump-tests-secret-of-at-least-32-characters';
/** The service's settings for tests that act as several users. */
export const AUTH_ENV = { AUTH_JWT_SECRET: SECRET };
/** Users whose ids need escaping in keys and groups. */
export const USERS = ['alice', 'b\u00f8b/\u00fcn\u00ef %25', '\u540d\u524d \u{1F600}'];

export async function bearer(sub: string): Promise<Record<string, string>> {
  const token = await new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('30m')
    .sign(new TextEncoder().encode(SECRET));
  return { authorization: `Bearer ${token}` };
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run export|import|backup|recount|recover-journal` as a child process, on the store `store` names (DATA_FILE, or DATABASE_URL). */
export async function runCommand(
  command: 'export' | 'import' | 'backup' | 'recount' | 'recover-journal',
  args: string[],
  store: { DATA_FILE: string } | { DATABASE_URL: string },
): Promise<CommandResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...store };
  if (!('DATABASE_URL' in store)) delete env.DATABASE_URL;
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr!.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const [code] = await once(child, 'exit');
  return { code: code as number | null, stdout, stderr };
}

/** One GET as a user, for reading back byte for byte. */
export interface Read {
  user: string;
  path: string;
}

/**
 * Writes a bit of everything through HTTP, as each of USERS: streams with a first
 * message, settings, navigation, identity namespaces with odd names, devices with
 * odd ids, drafts, read markers in a stream. Resolves to the GETs that read it all.
 */
export async function writeDataset(service: Service): Promise<Read[]> {
  const reads: Read[] = [];
  const draftIds = [uuid(), uuid()];
  for (const [index, user] of USERS.entries()) {
    const headers = await bearer(user);
    const send = async (method: string, path: string, body: unknown) => {
      const reply = await call(service, method, path, { body, headers });
      if (reply.status >= 300)
        throw new Error(`${method} ${path} as ${user}: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply;
    };
    for (const title of [`Caf\u00e9 of ${user}`, '\u{1F600} \u05e9\u05dc\u05d5\u05dd']) {
      const created = await send('POST', '/api/streams', {
        title,
        visibility: 'private',
        memberUserIds: USERS,
        initialMessage: {
          content: {
            blocks: [
              {
                type: 'rich_text',
                elements: [{ type: 'paragraph', children: [{ type: 'text', text: `hi ${title}` }] }],
              },
            ],
          },
          assetIds: ['a1'],
        },
      });
      reads.push({ user, path: `/api/streams/${created.body.id}` });
    }
    await send('PATCH', '/api/notifications/settings', { channels: { mobile: { enabled: index % 2 === 0 } } });
    reads.push({ user, path: '/api/notifications/settings' });
    await send('PATCH', '/api/streams/nav', { sort: 'recent' });
    reads.push({ user, path: '/api/streams/nav' });
    for (const namespace of ['prefs', '\u00fcn\u00ef c\u00f8d\u00e9', '\u{1F600}']) {
      await send('PATCH', `/api/identity/settings/${encodeURIComponent(namespace)}`, {
        patch: { theme: 'dark', nested: { user } },
      });
      reads.push({ user, path: `/api/identity/settings/${encodeURIComponent(namespace)}` });
    }
    for (const installationId of ['phone', 'tablet/\u03b1', '%2F \u{1F600}', 'z'])
      await send('PUT', '/api/notifications/devices', aDevice({ installationId, appId: `app.${index}` }));
    reads.push({ user, path: '/api/notifications/devices?limit=2' }, { user, path: '/api/notifications/devices' });
    await send('PUT', `/api/cycles/templates/${draftIds[index % 2]}/draft`, aDraft({ description: `by ${user}` }));
    const streamId = uuid();
    await send('PUT', '/api/chat/reads', { streamId, lastReadMessageId: uuid() });
    for (let thread = 0; thread < 5; thread++)
      await send('PUT', '/api/chat/reads', { streamId, threadSessionId: uuid(), lastReadMessageId: uuid() });
    reads.push({ user, path: `/api/chat/reads/${streamId}?limit=2` }, { user, path: `/api/chat/reads/${streamId}` });
  }
  for (const id of draftIds) reads.push({ user: 'alice', path: `/api/cycles/templates/${id}/draft` });
  return reads;
}

/**
 * Every read's status, Link header and body, as bytes, following each list's next
 * links to its end, so paging order counts too.
 */
export async function readBack(service: Service, reads: Read[]): Promise<string[]> {
  const seen: string[] = [];
  for (const { user, path } of reads) {
    const headers = await bearer(user);
    for (let next: string | undefined = path; next !== undefined;) {
      const response = await fetch(service.url + next, { headers });
      const link = response.headers.get('link');
      seen.push(`${user} GET ${next} ${response.status} ${link ?? '-'} ${await response.text()}`);
      next = link ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1]?.replace(/^https?:\/\/[^/]+/, '') : undefined;
    }
  }
  return seen;
}
