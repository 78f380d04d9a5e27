import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadSpec, specPath } from '../contract/spec.js';

/** One response an operation declares: its media type, its named examples in order, and its headers' examples. */
export interface DeclaredResponse {
  mediaType: string | undefined;
  examples: Map<string, unknown>;
  headers: Record<string, string>;
}

/** Every operation's declared responses, by operationId, then by status ('200', '409', …), in the order openapi.yaml lists them. */
export type DeclaredResponses = Map<string, Map<string, DeclaredResponse>>;

type Node = Record<string, unknown> & { $ref?: string };
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** Reads openapi.yaml once: the table the sandbox answers `Prefer: code=…, example=…` from, as the Prism mock does. */
export function declaredResponses(): DeclaredResponses {
  const spec = loadSpec() as unknown as Node;
  const folder = dirname(specPath);
  const resolve = (node: Node): Node => {
    if (typeof node.$ref !== 'string') return node;
    if (node.$ref.startsWith('#/')) {
      const target = node.$ref.slice(2).split('/').reduce<unknown>((at, part) => (at as Node)[part], spec) as Node;
      return resolve(target);
    }
    return JSON.parse(readFileSync(join(folder, node.$ref), 'utf8')) as Node;
  };
  const table: DeclaredResponses = new Map();
  for (const item of Object.values(spec.paths as Record<string, Node>)) {
    for (const method of METHODS) {
      const operation = item[method] as Node | undefined;
      if (!operation) continue;
      const responses = new Map<string, DeclaredResponse>();
      for (const [status, declared] of Object.entries(operation.responses as Record<string, Node>)) {
        responses.set(status, responseOf(resolve(declared), resolve));
      }
      table.set(operation.operationId as string, responses);
    }
  }
  return table;
}

function responseOf(response: Node, resolve: (node: Node) => Node): DeclaredResponse {
  const [mediaType, content] = Object.entries((response.content ?? {}) as Record<string, Node>)[0] ?? [];
  const examples = new Map<string, unknown>();
  for (const [name, example] of Object.entries((content?.examples ?? {}) as Record<string, Node>)) {
    examples.set(name, resolve(example).value);
  }
  const headers: Record<string, string> = {};
  for (const [name, declared] of Object.entries((response.headers ?? {}) as Record<string, Node>)) {
    const header = resolve(declared);
    const value = header.example ?? Object.values((header.examples ?? {}) as Record<string, Node>).map((example) => resolve(example).value)[0];
    // An empty example stands for no header (the last page of a list has no Link).
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') headers[name] = String(value);
  }
  return { mediaType, examples, headers };
}
