import { existsSync, readFileSync } from 'node:fs';
import type { Request } from 'express';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export type SchemaObject = { [keyword: string]: unknown };

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, SchemaObject> };
}

/** openapi.yaml at the project root, whether running from src/ or dist/src/. */
export const specPath = findUp('openapi.yaml', dirname(fileURLToPath(import.meta.url)));

let loaded: OpenApiDocument | undefined;

/**
 * openapi.yaml, parsed once per process and shared: treat it as read-only (structuredClone it to change a copy). The entry
 * points (src/serve.ts, src/sandbox/server.ts) read it at start and pass it down; tools and tests read it here.
 */
export function loadSpec(): OpenApiDocument {
  loaded ??= parse(readFileSync(specPath, 'utf8')) as OpenApiDocument;
  return loaded;
}

/** The contract the app serving `req` was composed with (composeApp, src/app.ts, keeps it in app.locals). */
export function contractOf(req: Request): OpenApiDocument {
  return (req.app.locals as { contract: OpenApiDocument }).contract;
}

function findUp(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} not found above ${from}`);
  }
}
