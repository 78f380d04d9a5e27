// The reference contenders of the benchmark: the same device PUT with less around it.
// `raw`: node:http alone, JSON.parse and the handler's work; `fastify`: fastify 5, its
// own ajv checking the body against the contract's DeviceRegistration schema.
import { createServer, type Server } from 'node:http';
import Fastify from 'fastify';
import type { DeviceRegistration } from '../../generated/index.js';
import { loadSpec, type OpenApiDocument, type SchemaObject } from '../../src/contract/spec.js';
import { registerDevice } from '../../src/features/devices/devices.js';
import { SYSTEM_CLOCK } from '../../src/lib/clock.js';
import type { Store } from '../../src/store/store.js';

export function rawServer(store: Store): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const registration = JSON.parse(Buffer.concat(chunks).toString()) as DeviceRegistration;
        const { device, created } = await registerDevice(
          { store, clock: SYSTEM_CLOCK, caller: 'local' },
          { registration },
        );
        res.writeHead(created ? 201 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(device));
      })().catch(() => res.writeHead(500).end());
    });
  });
}

export async function fastifyServer(store: Store): Promise<Server> {
  const app = Fastify();
  app.put(
    '/api/notifications/devices',
    { schema: { body: inlined(loadSpec(), { $ref: '#/components/schemas/DeviceRegistration' }) } },
    async (request, reply) => {
      const { device, created } = await registerDevice(
        { store, clock: SYSTEM_CLOCK, caller: 'local' },
        { registration: request.body as DeviceRegistration },
      );
      return reply.code(created ? 201 : 200).send(device);
    },
  );
  await app.ready();
  return app.server;
}

/**
 * A schema with every `$ref` into components/schemas replaced by its target (DeviceRegistration's are not recursive),
 * without examples and the contract's own `x-` keywords, which ajv's strict mode refuses.
 */
function inlined(spec: OpenApiDocument, schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(spec, item));
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = (schema as SchemaObject).$ref;
  if (typeof ref === 'string') return inlined(spec, spec.components.schemas[ref.split('/').pop() ?? '']);
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([name]) => !['example', 'examples'].includes(name) && !name.startsWith('x-'))
      .map(([name, value]) => [name, inlined(spec, value)]),
  );
}
