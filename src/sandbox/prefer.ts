import type { Contract, DeclaredResponse } from '../contract/declared-responses.js';

/** The longest `Prefer: delay=<ms>` the sandbox waits. */
export const MAX_DELAY_MS = 10_000;

/** What a request's `Prefer` header asks of the sandbox: Prism's `code` and `example`, and the sandbox's own `delay`. */
export interface Preferences {
  code?: string;
  example?: string;
  delayMs?: number;
}

/** A control the sandbox cannot follow, said as a field error of the header. */
export class ControlError extends Error {}

/** Parses `Prefer: code=409, example=stale, delay=500` (RFC 7240; `dynamic` and unknown preferences are ignored). */
export function parsePrefer(header: string | undefined): Preferences {
  const preferences: Preferences = {};
  for (const part of (header ?? '').split(/[,;]/)) {
    const [name = '', value = ''] = part.split('=').map((text) => text.trim().replace(/^"(.*)"$/, '$1'));
    if (name === 'code') preferences.code = value;
    else if (name === 'example') preferences.example = value;
    else if (name === 'delay') {
      const delay = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
      if (!(delay <= MAX_DELAY_MS))
        throw new ControlError(`delay=${value}: say a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`);
      preferences.delayMs = delay;
    }
  }
  return preferences;
}

/** The declared response `Prefer: code=…, example=…` asks for, as Prism picks it; a ControlError says why there is none. */
export function preferredResponse(
  contract: Contract,
  operationId: string,
  { code, example }: Preferences,
): { status: number; response: DeclaredResponse; body: unknown } | undefined {
  if (code === undefined && example === undefined) return undefined;
  const responses = contract.operations.find((operation) => operation.operationId === operationId)?.responses ?? [];
  const declared = responses.map((response) => response.status);
  const status = code ?? declared.find((status) => status.startsWith('2'));
  const response = responses.find((response) => response.status === status);
  if (status === undefined || !response) {
    throw new ControlError(`code=${code}: ${operationId} declares ${declared.join(', ')}`);
  }
  const named = new Map(response.examples);
  if (example === undefined) return { status: Number(status), response, body: response.examples[0]?.[1] };
  if (named.has(example)) return { status: Number(status), response, body: named.get(example) };
  const elsewhere = responses
    .filter((other) => other.examples.some(([name]) => name === example))
    .map((other) => other.status);
  const names = [...named.keys()];
  throw new ControlError(
    `example=${example}: the ${status} of ${operationId} has ${names.length ? names.join(', ') : 'no named examples'}` +
      (elsewhere.length
        ? `; ${example} is an example of its ${elsewhere.join(', ')}: send Prefer: code=${elsewhere[0]}, example=${example}`
        : ''),
  );
}
