// The strict formats of the contract. openapi.yaml writes each as a `pattern`
// too; these add what a pattern cannot say (real calendar dates).

const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/;

const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

export function isTimeOfDay(text: string): boolean {
  return HH_MM.test(text);
}

export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHour = 0, offsetMinute = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return false;
  return (
    month >= 1 && month <= 12 &&
    day >= 1 && day <= daysInMonth(year, month) &&
    hour !== undefined && hour <= 23 &&
    minute !== undefined && minute <= 59 &&
    second !== undefined && second <= 59 &&
    offsetHour <= 23 && offsetMinute <= 59
  );
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
  'uuid': { type: 'string' as const, validate: isUuid },
  'date-time': { type: 'string' as const, validate: isDateTime },
  'time-hhmm': { type: 'string' as const, validate: isTimeOfDay },
};
