/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Where JSON.parse fails on `text` (which it refused), as a 0-based index; the
 * text's length when it ends early. V8's own message quotes the text, which must
 * never reach a log, so this finds the place by parsing prefixes: the error is
 * right after the longest prefix with no error before its end. Only for refusals.
 */
export function jsonFailureAt(text: string): number {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (failsOnlyAtEnd(text.slice(0, middle))) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Where JSON.parse fails on `text`, in words with none of the text: for a refusal's message. */
export function whereJsonFails(text: string): string {
  const at = jsonFailureAt(text);
  return at >= text.length ? `it ends early, after ${text.length} characters` : `at character ${at + 1}`;
}

function failsOnlyAtEnd(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (message === 'Unexpected end of JSON input') return true;
    const position = / at position (\d+)/.exec(message);
    return position !== null && Number(position[1]) >= prefix.length;
  }
}
