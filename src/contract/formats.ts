// The strict formats of the contract. openapi.yaml writes each as a `pattern`
// too; these add what a pattern cannot say: when a second 60 is a leap second.

const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

const DATE_TIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]+)?(?:Z|([+-])([0-9]{2}):([0-9]{2}))$/;

const HH_MM = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;

const LAST_MINUTE_OF_DAY = 23 * 60 + 59;

/** An Idempotency-Key: a Structured Field string of 1 to 255 characters (`"…"`, `\"` and `\\` escaped), or bare. */
const IDEMPOTENCY_KEY = /^(?:"(?:[ !#-[\]-~]|\\["\\]){1,255}"|[!#-~][ -~]{0,254})$/;

/** If-Match, If-None-Match: `*`, or entity tags separated by commas (RFC 9110 §8.8.3, §13.1; empty list elements allowed). */
const ENTITY_TAGS =
  /^(?:\*|[ \t]*(?:,[ \t]*)*(?:W\/)?"[!#-~]*"(?:[ \t]*,[ \t]*(?:,[ \t]*)*(?:W\/)?"[!#-~]*")*[ \t]*(?:,[ \t]*)*)$/;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

export function isTimeOfDay(text: string): boolean {
  return HH_MM.test(text);
}

export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  // The pattern matched, so every group but the offset's is there.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map(Number);
  const [sign, offsetHour, offsetMinute] = [match[7] === '-' ? -1 : 1, Number(match[8] ?? 0), Number(match[9] ?? 0)];
  const offset = sign * (offsetHour * 60 + offsetMinute);
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    offsetHour <= 23 &&
    offsetMinute <= 59 &&
    (second <= 59 || (second === 60 && isLastMinuteInUtc(hour * 60 + minute, offset)))
  );
}

/** RFC 3339 §5.7: a leap second is 23:59:60 in UTC, whatever the local time. */
function isLastMinuteInUtc(localMinute: number, offsetMinutes: number): boolean {
  const utcMinute = (((localMinute - offsetMinutes) % 1440) + 1440) % 1440;
  return utcMinute === LAST_MINUTE_OF_DAY;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The formats by name, as express-openapi-validator and Ajv take them. */
export const contractFormats = {
  uuid: { type: 'string' as const, validate: isUuid },
  'date-time': { type: 'string' as const, validate: isDateTime },
  'time-hhmm': { type: 'string' as const, validate: isTimeOfDay },
  'idempotency-key': { type: 'string' as const, validate: (text: string) => IDEMPOTENCY_KEY.test(text) },
  'entity-tags': { type: 'string' as const, validate: (text: string) => ENTITY_TAGS.test(text) },
};
