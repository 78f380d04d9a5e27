import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadSpec, specPath } from '../../src/contract/spec.js';

type Node = Record<string, unknown> & { $ref?: string };

export interface DeclaredHeader {
  name: string;
  required: boolean;
  /** Its example as the mock sends it: the header's own, else its first named one, else its schema's. */
  example: unknown;
}

export interface ExampleRequest {
  operationId: string;
  method: string;
  template: string;
  /** The template with every path parameter's example. */
  path: string;
  /** Each path parameter's example, percent-encoded, in the template's order. */
  params: Record<string, string>;
  /** The first media type of its body, and the body's first example. */
  contentType?: string;
  body?: unknown;
  /** Declared statuses, each with its media type, first example and headers. */
  responses: { status: string; mediaType?: string; example?: unknown; headers: DeclaredHeader[] }[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

function resolve(node: Node): Node {
  if (typeof node.$ref !== 'string') return node;
  if (node.$ref.startsWith('./')) return JSON.parse(readFileSync(join(dirname(specPath), node.$ref), 'utf8')) as Node;
  const found = node.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, part) => (at as Node)[part], loadSpec());
  return resolve(found as Node);
}

function exampleOf(header: Node): unknown {
  const named = Object.values((header.examples ?? {}) as Record<string, Node>).map((each) => resolve(each).value);
  return header.example ?? named[0] ?? resolve((header.schema ?? {}) as Node).example;
}

/** `template` with each parameter's value from `values` (percent-encoded as given). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

function responsesOf(operation: Node): ExampleRequest['responses'] {
  return Object.entries(operation.responses as Record<string, Node>).map(([status, declared]) => {
    const response = resolve(declared);
    const [mediaType, content] = Object.entries((response.content ?? {}) as Record<string, Node>)[0] ?? [];
    const example = Object.values((content?.examples ?? {}) as Record<string, Node>)[0];
    return {
      status,
      mediaType,
      example: example === undefined ? undefined : resolve(example).value,
      headers: Object.entries((response.headers ?? {}) as Record<string, Node>).map(([name, declaredHeader]) => {
        const header = resolve(declaredHeader);
        return { name, required: header.required === true, example: exampleOf(header) };
      }),
    };
  });
}

/** Every operation of openapi.yaml as a valid request made of its examples, with what it declares to answer. */
export function exampleRequests(): ExampleRequest[] {
  return Object.entries(loadSpec().paths as Record<string, Node>).flatMap(([template, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as Node;
      const inPath = [...((item.parameters ?? []) as Node[]), ...((operation.parameters ?? []) as Node[])]
        .map(resolve)
        .filter((parameter) => parameter.in === 'path');
      const examples = new Map(inPath.map((each) => [each.name, encodeURIComponent(String(exampleOf(each)))]));
      const params = Object.fromEntries(
        [...template.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) => [name, examples.get(name) ?? '']),
      );
      const [contentType, media] = Object.entries(
        ((operation.requestBody as Node | undefined)?.content ?? {}) as Record<string, Node>,
      )[0] ?? [undefined, undefined];
      const body = Object.values((media?.examples ?? {}) as Record<string, Node>)[0];
      return {
        operationId: operation.operationId as string,
        method: method.toUpperCase(),
        template,
        path: fill(template, params),
        params,
        contentType,
        body: body === undefined ? undefined : resolve(body).value,
        responses: responsesOf(operation),
      };
    }),
  );
}
