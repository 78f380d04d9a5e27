// What openapi.yaml declares an answer may be: for each operation and status, its headers (and which are required)
// and the problem types its description names; for a CORS preflight, x-cors-preflight's responses.
import { catalogue } from '../../../src/errors/problem.js';
import { loadSpec } from '../../../src/contract/spec.js';

type Node = Record<string, unknown> & { $ref?: string };

export interface Declared {
  headers: { name: string; required: boolean }[];
  /** The catalogue's kinds the response's description names in backticks (`validation-failed`): the types it carries. */
  types: string[];
}

const KINDS = Object.keys(catalogue);
const spec = () => loadSpec() as unknown as Node;

/** A `#/…` reference followed to what it names (examples in files are not needed here). */
function resolve(node: Node): Node {
  if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
  const found = node.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, part) => (at as Node)[part], spec());
  return resolve(found as Node);
}

function declaredOf(response: Node): Declared {
  const resolved = resolve(response);
  const headers = Object.entries((resolved.headers ?? {}) as Record<string, Node>).map(([name, header]) => ({
    name,
    required: resolve(header).required === true,
  }));
  const named = [...String(resolved.description ?? '').matchAll(/`([a-z-]+)`/g)].map((match) => match[1] ?? '');
  return { headers, types: KINDS.filter((kind) => named.includes(kind)) };
}

/** The responses an operation declares, by status; a method its path does not serve gets the 405 its operations declare. */
export function declaredFor(method: string, template: string): Map<string, Declared> | undefined {
  const item = (spec().paths as Record<string, Node>)[template];
  if (!item) return undefined;
  const operation = item[method === 'HEAD' ? 'get' : method.toLowerCase()] as Node | undefined;
  if (!operation) {
    const served = Object.values(item).find((each) => (each as Node)?.responses !== undefined) as Node | undefined;
    const refusal = (served?.responses as Record<string, Node> | undefined)?.['405'];
    return refusal ? new Map([['405', declaredOf(refusal)]]) : undefined;
  }
  return new Map(
    Object.entries(operation.responses as Record<string, Node>).map(([status, response]) => [
      status,
      declaredOf(response),
    ]),
  );
}

/** What x-cors-preflight declares a preflight to any path may get, by status. */
export function declaredPreflight(): Map<string, Declared> {
  const preflight = (spec()['x-cors-preflight'] ?? {}) as { responses?: Record<string, Node> };
  return new Map(Object.entries(preflight.responses ?? {}).map(([status, response]) => [status, declaredOf(response)]));
}
