import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { OpenApiDocument } from './spec.js';

export type Node = Record<string, unknown> & { $ref?: string };

export interface DeclaredResponse {
  status: string;
  mediaType: string | undefined;
  /** The schema's component name ($ref), when it has one. */
  schemaName: string | undefined;
  examples: [name: string, value: unknown][];
  headers: Record<string, string>;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  responses: DeclaredResponse[];
}

export interface Contract {
  version: string;
  title: string;
  operations: Operation[];
  schemas: Record<string, Node>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/**
 * openapi.yaml under `root` with every operation's declared responses, their
 * examples read from mocks/examples: what the sandbox answers `Prefer: code=…,
 * example=…` from, and what the client's MSW handlers are made of. An empty
 * header example stands for no header (the last page of a list has no Link).
 */
export function readContract(
  root: string,
  parsed: OpenApiDocument = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as OpenApiDocument,
): Contract {
  const spec = parsed as unknown as Node;
  const resolve = (node: Node): Node => {
    if (typeof node.$ref !== 'string') return node;
    if (node.$ref.startsWith('#/'))
      return resolve(
        node.$ref
          .slice(2)
          .split('/')
          .reduce<unknown>((at, part) => (at as Node)[part], spec) as Node,
      );
    return JSON.parse(readFileSync(join(root, node.$ref), 'utf8')) as Node;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(spec.paths as Record<string, Node>)) {
    for (const method of METHODS) {
      const operation = item[method] as Node | undefined;
      if (!operation) continue;
      const responses = Object.entries(operation.responses as Record<string, Node>).map(([status, declared]) =>
        responseOf(status, resolve(declared), resolve),
      );
      operations.push({ operationId: operation.operationId as string, method, path, responses });
    }
  }
  const info = spec.info as { version: string; title: string };
  return {
    version: info.version,
    title: info.title,
    operations,
    schemas: (spec.components as { schemas: Record<string, Node> }).schemas,
  };
}

function responseOf(status: string, response: Node, resolve: (node: Node) => Node): DeclaredResponse {
  const [mediaType, content] = Object.entries((response.content ?? {}) as Record<string, Node>)[0] ?? [];
  const schema = content?.schema as Node | undefined;
  const headers: Record<string, string> = {};
  for (const [name, declared] of Object.entries((response.headers ?? {}) as Record<string, Node>)) {
    const header = resolve(declared);
    const value =
      header.example ??
      Object.values((header.examples ?? {}) as Record<string, Node>).map((example) => resolve(example).value)[0];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') headers[name] = String(value);
  }
  return {
    status,
    mediaType,
    schemaName: typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop() : undefined,
    examples: Object.entries((content?.examples ?? {}) as Record<string, Node>).map(([name, example]) => [
      name,
      resolve(example).value,
    ]),
    headers,
  };
}
