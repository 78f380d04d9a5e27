// Validation messages in words a person can act on. Ajv's own say `must match
// format "time-hhmm"` or show a whole regular expression where a list is meant.

const FORMATS: Record<string, string> = {
  uuid: 'must be a UUID, 8-4-4-4-12 hex digits such as 0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e',
  'date-time':
    'must be an RFC 3339 date-time on a real calendar date, such as 2026-11-20T09:14:03Z or 2026-11-20T10:14:03.512+01:00',
  'time-hhmm': 'must be a time of day, HH:MM, 00:00–23:59',
};

const FORMAT = /^must match format "(.+)"$/;
const ENUM = /^must be equal to one of the allowed values: (.*)$/;

/** The message a person reads for one of Ajv's (unchanged where Ajv's is already plain). */
export function plainMessage(message: string): string {
  const format = FORMAT.exec(message)?.[1];
  if (format !== undefined) return FORMATS[format] ?? message;
  const listed = ENUM.exec(message)?.[1];
  if (listed !== undefined) return `must be one of: ${listed}`;
  return message;
}

export function isFormatMessage(message: string): boolean {
  return FORMAT.test(message);
}

/** `a`, `a and b`, `a, b and c` (or with `or`). */
export function listInWords(items: string[], conjunction = 'and'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
