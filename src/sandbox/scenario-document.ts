import { HttpProblem, type FieldError } from '../errors/problem.js';

/** One request of a scenario, sent to the sandbox as a client would send it. */
export interface Step {
  method: string;
  /** Under /api/, with its query if any. */
  path: string;
  body?: unknown;
}

/** A named state, as the requests that make it: `mocks/scenarios/<name>.json`, or `PUT /sandbox/scenarios/{name}`. */
export interface Scenario {
  description?: string;
  steps: Step[];
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** A scenario's bounds, as a schema's maxItems and maxLength: its steps run one after another when it is defined. */
export const MAX_STEPS = 1000;
export const MAX_DESCRIPTION = 1000;

/** A scenario document, checked: `{ "description"?: string, "steps": [{ "method", "path", "body"? }] }`; else 400 naming each fault under `at`. */
export function parseScenario(document: unknown, at = '/body'): Scenario {
  const errors: FieldError[] = [];
  const { description, steps, ...others } = (isObject(document) ? document : {}) as Record<string, unknown>;
  if (!isObject(document))
    errors.push({
      path: at,
      message: 'must be an object: { "description"?: string, "steps": [{ "method", "path", "body"? }] }',
    });
  for (const name of Object.keys(others))
    errors.push({ path: `${at}/${name}`, message: 'is not a member of a scenario: description, steps' });
  if (description !== undefined && (typeof description !== 'string' || description.length > MAX_DESCRIPTION))
    errors.push({ path: `${at}/description`, message: `must be a string of at most ${MAX_DESCRIPTION} characters` });
  if (isObject(document) && !Array.isArray(steps))
    errors.push({ path: `${at}/steps`, message: 'must be an array of { "method", "path", "body"? }' });
  if (Array.isArray(steps) && steps.length > MAX_STEPS)
    errors.push({ path: `${at}/steps`, message: `must have at most ${MAX_STEPS} steps` });
  for (const [index, step] of (Array.isArray(steps) ? steps.slice(0, MAX_STEPS) : []).entries()) {
    const where = `${at}/steps/${index}`;
    if (!isObject(step)) {
      errors.push({ path: where, message: 'must be an object: { "method", "path", "body"? }' });
      continue;
    }
    const { method, path, body: _body, ...extra } = step as Record<string, unknown>;
    if (typeof method !== 'string' || !METHODS.has(method))
      errors.push({ path: `${where}/method`, message: 'must be one of GET, POST, PUT, PATCH, DELETE' });
    if (typeof path !== 'string' || !isApiPath(path))
      errors.push({ path: `${where}/path`, message: 'must be a path under /api/, with no . or .. segment' });
    for (const name of Object.keys(extra))
      errors.push({ path: `${where}/${name}`, message: 'is not a member of a step: method, path, body' });
  }
  if (errors.length)
    throw new HttpProblem(
      'validation-failed',
      'A scenario is { "description"?: string, "steps": [{ "method", "path", "body"? }] }.',
      { errors },
    );
  return { ...(description === undefined ? {} : { description: description as string }), steps: steps as Step[] };
}

/** Under /api/ as sent: a dot segment (`..`, `%2e%2e`) would be resolved by the URL parser to another path, and is refused. */
function isApiPath(path: string): boolean {
  if (!path.startsWith('/api/') || /[#\\\s]/.test(path)) return false;
  const [pathname = ''] = path.split('?');
  return URL.canParse(path, 'http://sandbox') && new URL(path, 'http://sandbox').pathname === pathname;
}

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
