// What the Prism mock cannot do as the service does: each is a row of the known differences in
// mocks/reference.md, which test/system/parity.test.ts writes from what the corpus's cases named
// with it got from each server.

export interface Difference {
  /** The request, in words, as the row names it. */
  request: string;
  /** Why the mock answers otherwise. */
  why: string;
}

export const DIFFERENCES = {
  leapSecondWithOffset: {
    request: 'a leap second written with an offset, such as `2017-01-01T00:59:60+01:00`',
    why: "the mock's date-time check (ajv-formats 2.1.1 in Prism 5.16) looks for 23:59:60 in local time; RFC 3339 §5.7 means UTC",
  },
  localLeapSecond: {
    request: 'a second 60 at 23:59:60 local time but not UTC, `2016-12-31T23:59:60+01:00`',
    why: 'the same',
  },
  jsonSuffix: {
    request: 'a `POST` or `PUT` body sent as `application/merge-patch+json`',
    why: 'the mock takes any `+json` media type where an operation declares `application/json`; the contract lists the media types each operation takes',
  },
  repeatedPhaseIds: {
    request: 'a draft whose phases repeat an `id`',
    why: 'uniqueness of a member across array items cannot be written in OpenAPI 3.0',
  },
  deepBody: {
    request: 'a body nested deeper than 256 levels',
    why: 'a safety limit of the service, checked before validation',
  },
  largeBody: {
    request: 'a body over 1 MiB (`BODY_LIMIT`)',
    why: 'a size limit of the service; the mock has none',
  },
  bracketedQueryName: {
    request: 'a query parameter named with brackets, such as `limit[]=5000`',
    why: "the service's query parser reads `limit[]` as `limit` holding a list, not an integer; the mock reads the name as written, one the operation does not declare, and ignores it",
  },
  integerNotation: {
    request: 'an integer parameter written otherwise than in decimal digits, such as `limit=0x2`, `+2`, `2.0` or `1e1`',
    why: "the mock's validator (Ajv's `coerceTypes` in Prism 5.16) reads the text as JavaScript's `+` does: hexadecimal, binary, octal, a sign, spaces, `.0` and exponents pass",
  },
  notIJson: {
    request:
      'a body that is JSON but not I-JSON: a member named twice, a lone surrogate, a number a double does not hold exactly',
    why: "the mock reads bodies with `JSON.parse`, which keeps a name's last value, lone surrogates and the nearest double",
  },
  bodyWhereNoneIsRead: {
    request: 'a body sent to an operation that reads none (a `GET` or `DELETE`)',
    why: 'the mock refuses a body where the operation declares none; the service reads none there (a GET body has no meaning, RFC 9110 §9.3.1)',
  },
} as const satisfies Record<string, Difference>;
