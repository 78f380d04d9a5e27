import type { ValidateFunction } from 'ajv';
import { contractAjv } from './contract-ajv.js';
import { mediaTypeOf } from './media-type.js';
import type { OpenApiDocument, SchemaObject } from './spec.js';

type Node = Record<string, unknown>;

/** What the contract says is wrong with an answer (none when it allows it), e.g. for recordings of real traffic (make record). */
export type CheckResponse = (answer: {
  method: string;
  path: string;
  status: number;
  contentType: string | undefined;
  body: unknown;
  /** The body was not read (too large to keep, or compressed): all but its schema is checked. */
  unread?: boolean;
}) => string[];

/** Checks answers against openapi.yaml: the path and method, the declared status, its media type and its schema. */
export function responseChecker(spec: OpenApiDocument): CheckResponse {
  const ajv = contractAjv(spec, { allErrors: true });
  const compiled = new WeakMap<SchemaObject, ValidateFunction>();
  const resolve = (node: Node): Node =>
    typeof node.$ref === 'string' && node.$ref.startsWith('#/')
      ? resolve(
          node.$ref
            .slice(2)
            .split('/')
            .reduce<unknown>((at, part) => (at as Node)[part], spec) as Node,
        )
      : node;
  const operationOf = operationFinder(spec);

  return ({ method, path, status, contentType, body, unread = false }) => {
    const found = operationOf(method, path);
    // Paths outside /api/ that the contract does not name (the sandbox's /sandbox/…, /docs) are not its to check.
    if (!found) return path.startsWith('/api/') ? [`${path.split('?')[0]} is no path of openapi.yaml`] : [];
    const { template, operation } = found;
    if (!operation)
      return status === 405 ? [] : [`${method} ${template} is no operation of openapi.yaml (only 405 is allowed)`];
    const responses = operation.responses as Record<string, Node>;
    const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!declared)
      return [
        `${status} is no status ${String(operation.operationId)} declares (${Object.keys(responses).join(', ')})`,
      ];
    const content = resolve(declared).content as Record<string, { schema?: SchemaObject }> | undefined;
    if (!content)
      return body === undefined && !unread
        ? []
        : [`the ${status} of ${String(operation.operationId)} declares no body`];
    const mediaType = mediaTypeOf(contentType) ?? '';
    const media = content[mediaType];
    if (!media)
      return [
        `${mediaType || 'no media type'} is not the ${status} of ${String(operation.operationId)}'s ${Object.keys(content).join(', ')}`,
      ];
    if (!media.schema || unread) return [];
    let validate = compiled.get(media.schema);
    if (!validate) compiled.set(media.schema, (validate = ajv.compile(media.schema)));
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `the body's ${error.instancePath || '/'} ${error.message ?? 'is not allowed'} (the ${status} of ${String(operation.operationId)})`,
    );
  };
}

/** The path template a request's path matches (fixed paths before templated ones: /api/streams/nav is no {streamId}), and its operation for the method, if any. */
export function operationFinder(
  spec: OpenApiDocument,
): (method: string, path: string) => { template: string; operation?: Node } | undefined {
  const routes = Object.entries(spec.paths)
    .map(([template, item]) => ({
      template,
      item,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  return (method, path) => {
    const bare = path.split('?')[0] ?? path;
    const route = routes.find(({ pattern }) => pattern.test(bare));
    if (!route) return undefined;
    const operation = route.item[method.toLowerCase()] as Node | undefined;
    return { template: route.template, ...(operation ? { operation } : {}) };
  };
}
