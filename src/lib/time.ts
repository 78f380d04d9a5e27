const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/** The last timestamp made: a record saved again and again has it as its `updatedAt`, and saves in one millisecond share it. */
let last = { text: '', ms: Number.NaN };

/**
 * A timestamp at `now` (the request's clock) and later than `previous` (when given),
 * so that `updatedAt` strictly increases even when two saves land in the same millisecond.
 */
export function nextTimestamp(previous: string | undefined, now: number): string {
  const floor =
    previous === undefined ? -Infinity : (previous === last.text ? last.ms : Math.floor(Date.parse(previous))) + 1;
  const ms = Math.max(now, floor);
  if (ms !== last.ms) last = { text: isoText(ms), ms };
  return last.text;
}

/** The second last formatted, up to its '.': saves come many to a second, so most texts are one concatenation. */
let second = { start: Number.NaN, prefix: '' };

/**
 * `new Date(ms).toISOString()`, without a Date for each. Joined, not concatenated: `+` would make a rope of its parts,
 * and a record holding one leaves JSON.stringify's fast path for all of it (a device took 1.7 µs instead of 0.7).
 */
export function isoText(ms: number): string {
  const millis = ((ms % 1000) + 1000) % 1000;
  const start = ms - millis;
  if (start !== second.start) second = { start, prefix: new Date(start).toISOString().slice(0, -4) };
  return [second.prefix, millis < 10 ? '00' : millis < 100 ? '0' : '', millis, 'Z'].join('');
}

/** Whether two RFC 3339 date-times name the same instant, to the last digit given. */
export function sameInstant(a: string, b: string): boolean {
  const left = toInstant(a);
  const right = toInstant(b);
  return (
    left !== undefined && right !== undefined && left.seconds === right.seconds && left.fraction === right.fraction
  );
}

function toInstant(text: string): { seconds: number; fraction: string } | undefined {
  const match = INSTANT.exec(text);
  if (!match) return undefined;
  const [, wholeSeconds, fraction = '', zone] = match;
  const millis = Date.parse(`${wholeSeconds}${zone}`);
  if (Number.isNaN(millis)) return undefined;
  return { seconds: millis / 1000, fraction: fraction.replace(/0+$/, '') };
}
