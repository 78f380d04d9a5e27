// Tricky values for the strict formats, shared by the HTTP tests, the parity corpus
// and the pattern checks. `formatOnly: true` marks invalid values of the right
// shape that only the format (the service) rejects: the pattern twin in
// openapi.yaml lets them through (a second 60 that is not 23:59:60 in UTC).

export interface Case {
  value: string;
  why: string;
  formatOnly?: boolean;
}

export const UUIDS_VALID: Case[] = [
  { value: '6ba7b810-9dad-11d1-80b4-00c04fd430c8', why: 'version 1' },
  { value: '000003e8-9dad-21d1-9000-00c04fd430c8', why: 'version 2' },
  { value: '6fa459ea-ee8a-3ca4-894e-db77e160355e', why: 'version 3' },
  { value: 'f47ac10b-58cc-4372-a567-0e02b2c3d479', why: 'version 4' },
  { value: '886313e1-3b8a-5372-9b90-0c9aee199e5d', why: 'version 5' },
  { value: '1ec9414c-232a-6b00-b3c8-9e6bdeced846', why: 'version 6' },
  { value: '017f22e2-79b0-7cc3-98c4-dc0c0c07398f', why: 'version 7' },
  { value: '320c3d4d-cc00-875b-8ec9-32d5f69181c0', why: 'version 8' },
  { value: '00000000-0000-0000-0000-000000000000', why: 'nil' },
  { value: 'ffffffff-ffff-ffff-ffff-ffffffffffff', why: 'max' },
  { value: 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', why: 'max in upper case' },
  { value: 'F47AC10B-58CC-4372-A567-0E02B2C3D479', why: 'upper case' },
  { value: 'f47ac10b-58CC-4372-a567-0E02b2c3d479', why: 'mixed case' },
  { value: 'f47ac10b-58cc-4372-8567-0e02b2c3d479', why: 'variant 8' },
  { value: 'f47ac10b-58cc-4372-9567-0e02b2c3d479', why: 'variant 9' },
  { value: 'f47ac10b-58cc-4372-b567-0e02b2c3d479', why: 'variant b' },
];

export const UUIDS_INVALID: Case[] = [
  { value: 'f47ac10b-58cc-0372-a567-0e02b2c3d479', why: 'version 0' },
  { value: 'f47ac10b-58cc-9372-a567-0e02b2c3d479', why: 'version 9' },
  { value: 'f47ac10b-58cc-f372-a567-0e02b2c3d479', why: 'version f outside the max UUID' },
  { value: 'f47ac10b-58cc-4372-7567-0e02b2c3d479', why: 'variant 7 (NCS)' },
  { value: 'f47ac10b-58cc-4372-c567-0e02b2c3d479', why: 'variant c (Microsoft)' },
  { value: 'f47ac10b-58cc-4372-0567-0e02b2c3d479', why: 'variant 0' },
  { value: '00000000-0000-0000-0000-000000000001', why: 'almost nil' },
  { value: 'ffffffff-ffff-ffff-ffff-fffffffffffe', why: 'almost max' },
  { value: '{f47ac10b-58cc-4372-a567-0e02b2c3d479}', why: 'braces' },
  { value: 'urn:uuid:f47ac10b-58cc-4372-a567-0e02b2c3d479', why: 'URN prefix' },
  { value: 'f47ac10b58cc4372a5670e02b2c3d479', why: 'no hyphens' },
  { value: 'f47ac10b-58cc-4372-a567-0e02b2c3d47', why: 'one digit short' },
  { value: 'f47ac10b-58cc-4372-a567-0e02b2c3d4799', why: 'one digit long' },
  { value: 'f47ac10b-58cc-4372-a567-0e02b2c3d47g', why: 'non-hex digit' },
  { value: 'f47ac10b58-cc-4372-a567-0e02b2c3d479', why: 'hyphen misplaced' },
  { value: ' f47ac10b-58cc-4372-a567-0e02b2c3d479', why: 'leading space' },
  { value: 'f47ac10b-58cc-4372-a567-0e02b2c3d479\n', why: 'trailing newline' },
  { value: '', why: 'empty' },
];

export const DATE_TIMES_VALID: Case[] = [
  { value: '2024-02-29T12:00:00Z', why: 'leap day' },
  { value: '2000-02-29T00:00:00Z', why: 'leap day of a year divisible by 400' },
  { value: '2023-01-31T23:59:59Z', why: 'last second of a 31-day month' },
  { value: '2023-04-30T00:00:00+02:00', why: 'last day of a 30-day month, positive offset' },
  { value: '2023-12-31T23:59:59.999999999-05:30', why: 'nine fraction digits, negative offset' },
  { value: '2023-06-15T10:20:30.1Z', why: 'one fraction digit' },
  { value: '2023-06-15T10:20:30+23:59', why: 'largest offset' },
  { value: '2023-06-15T10:20:30-00:00', why: 'unknown local offset' },
  { value: '0001-01-01T00:00:00Z', why: 'year 1' },
  { value: '9999-12-31T23:59:59Z', why: 'year 9999' },
  { value: '2016-12-31T23:59:60Z', why: 'leap second at 23:59:60 UTC' },
  { value: '2017-01-01T00:59:60+01:00', why: 'the same leap second at +01:00' },
  { value: '2016-12-31T18:29:60-05:30', why: 'the same leap second at -05:30' },
  { value: '2015-06-30T23:59:60.5Z', why: 'leap second with a fraction' },
  {
    value: '2023-06-15T23:59:60Z',
    why: 'second 60 at 23:59:60 UTC on another date (RFC 3339 5.7 has no table of leap seconds)',
  },
];

export const DATE_TIMES_INVALID: Case[] = [
  { value: '2023-02-29T12:00:00Z', why: 'February 29 of a common year' },
  { value: '1900-02-29T00:00:00Z', why: 'February 29 of a century year not divisible by 400' },
  { value: '2023-04-31T00:00:00Z', why: 'April 31' },
  { value: '2023-06-31T00:00:00Z', why: 'June 31' },
  { value: '2023-02-30T00:00:00Z', why: 'February 30' },
  { value: '2026-02-30T00:00:00Z', why: 'February 30 of 2026' },
  { value: '2023-11-31T00:00:00Z', why: 'November 31' },
  { value: '2023-13-01T00:00:00Z', why: 'month 13' },
  { value: '2023-00-10T00:00:00Z', why: 'month 0' },
  { value: '2023-01-00T00:00:00Z', why: 'day 0' },
  { value: '2023-01-32T00:00:00Z', why: 'day 32' },
  { value: '2023-06-15 10:20:30Z', why: 'space separator' },
  { value: '2023-06-15t10:20:30Z', why: 'lower-case t' },
  { value: '2023-06-15T10:20:30z', why: 'lower-case z' },
  { value: '2023-06-15T10:20:30', why: 'no zone' },
  { value: '2023-06-15T10:20:30+0200', why: 'offset without colon' },
  { value: '2023-06-15T10:20:30+02', why: 'offset without minutes' },
  { value: '2023-06-15T10:20:30+24:00', why: 'offset hour 24' },
  { value: '2023-06-15T24:00:00Z', why: 'hour 24' },
  { value: '2023-06-15T10:60:00Z', why: 'minute 60' },
  { value: '2016-12-31T23:59:61Z', why: 'second 61' },
  { value: '2016-12-31T23:59:60+01:00', why: 'second 60 at 22:59:60 UTC', formatOnly: true },
  { value: '2016-12-31T12:00:60Z', why: 'second 60 at noon UTC', formatOnly: true },
  { value: '2016-12-31T23:58:60Z', why: 'second 60 at 23:58:60 UTC', formatOnly: true },
  { value: '2017-01-01T00:59:60Z', why: 'second 60 at 00:59:60 UTC', formatOnly: true },
  { value: '2023-06-15T10:20Z', why: 'no seconds' },
  { value: '2023-06-15T10:20:30.Z', why: 'empty fraction' },
  { value: '2023-06-15T10:20:30,5Z', why: 'comma fraction' },
  { value: '2023-06-15', why: 'date only' },
  { value: '20230615T102030Z', why: 'basic format' },
  { value: '+02023-06-15T10:20:30Z', why: 'expanded year' },
  { value: '2023-6-15T10:20:30Z', why: 'one-digit month' },
  { value: ' 2023-06-15T10:20:30Z', why: 'leading space' },
  { value: '', why: 'empty' },
];

export const TIMES_VALID: Case[] = [
  { value: '00:00', why: 'midnight' },
  { value: '23:59', why: 'last minute' },
  { value: '09:05', why: 'leading zeros' },
  { value: '19:00', why: 'evening' },
  { value: '20:30', why: 'hour 20' },
];

export const TIMES_INVALID: Case[] = [
  { value: '24:00', why: 'hour 24' },
  { value: '23:60', why: 'minute 60' },
  { value: '9:00', why: 'one-digit hour' },
  { value: '09:0', why: 'one-digit minute' },
  { value: '0900', why: 'no colon' },
  { value: '09:00:00', why: 'seconds' },
  { value: ' 09:00', why: 'leading space' },
  { value: '09:00 ', why: 'trailing space' },
  { value: '12:5a', why: 'letter' },
  { value: '٠٩:٠٠', why: 'non-ASCII digits' },
  { value: '', why: 'empty' },
];
