// What an oasdiff change means to a client, in words for CHANGELOG.md: the Keep a Changelog section its rule id
// belongs in, what changed and what a client must do. oasdiff's JSON has no arguments, only its English text, so
// the values are the ones it quotes in backticks, in the order its text for that rule id puts them.
import type { Change } from './compare.js';

export const SECTIONS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'] as const;
export type Section = (typeof SECTIONS)[number];

/** What changed for a client and, where it must act, what it must do. */
export interface Words {
  what: string;
  todo?: string;
}

/** A schema path as oasdiff quotes it (`items/items/allOf[#/components/schemas/DeviceRegistration]/appVersion`) as a field name (`appVersion`). */
export function fieldOf(path: string): string {
  const parts = path
    .replace(/(?:allOf|anyOf|oneOf)\[[^\]]*\]\/?/g, '')
    .split('/')
    .filter(Boolean);
  return parts.filter((part, index) => part !== 'items' || index === parts.length - 1).join('.') || path;
}

const quoted = (text: string) => [...text.matchAll(/`([^`]*)`/g)].map((match) => match[1] ?? '');
const code = (value: string | undefined) => `\`${value ?? '?'}\``;
const field = (path: string | undefined) => code(fieldOf(path ?? '?'));

/** Words by rule id, from the values oasdiff quotes (q). Ids not here are told in oasdiff's own text, cleaned. */
const WORDS: Record<string, (q: string[]) => Words> = {
  'endpoint-added': () => ({ what: 'a new operation' }),
  'api-path-removed-without-deprecation': () => ({
    what: 'removed, without a deprecation first',
    todo: 'stop calling it',
  }),
  'api-removed-without-deprecation': () => ({ what: 'removed, without a deprecation first', todo: 'stop calling it' }),
  'api-path-removed-with-deprecation': () => ({
    what: 'removed, as its deprecation announced',
    todo: 'stop calling it',
  }),
  'api-removed-with-deprecation': () => ({ what: 'removed, as its deprecation announced', todo: 'stop calling it' }),
  'api-path-removed-before-sunset': () => ({ what: 'removed before its sunset date', todo: 'stop calling it' }),
  'api-removed-before-sunset': () => ({ what: 'removed before its sunset date', todo: 'stop calling it' }),
  'endpoint-deprecated': () => ({ what: 'deprecated: a later release removes it', todo: 'move off it' }),
  'endpoint-deprecated-with-sunset': ([date]) => ({
    what: `deprecated: it may be removed after ${date}`,
    todo: 'move off it before then',
  }),
  'endpoint-reactivated': () => ({ what: 'no longer deprecated' }),
  'new-optional-request-property': ([p]) => ({ what: `requests may now include ${field(p)} (optional)` }),
  'new-required-request-property': ([p]) => ({
    what: `requests must now include ${field(p)}`,
    todo: `send ${field(p)} in every request`,
  }),
  'request-property-removed': ([p]) => ({
    what: `${field(p)} is no longer part of the request`,
    todo: 'stop sending it',
  }),
  'request-property-became-required': ([p]) => ({
    what: `${field(p)} is now required`,
    todo: `always send ${field(p)}`,
  }),
  'request-property-became-optional': ([p]) => ({ what: `${field(p)} may now be left out` }),
  'request-property-max-length-decreased': ([p, n]) => ({
    what: `${field(p)} may now be at most ${n} characters`,
    todo: 'send shorter values',
  }),
  'request-property-max-length-increased': (q) => ({ what: `${field(q[0])} may now be up to ${q.at(-1)} characters` }),
  'request-property-enum-value-removed': ([v, p]) => ({
    what: `${field(p)} no longer accepts ${code(v)}`,
    todo: `send one of the values it still accepts`,
  }),
  'request-property-enum-value-added': ([v, p]) => ({ what: `${field(p)} now also accepts ${code(v)}` }),
  'request-property-pattern-added': ([pattern, p]) => ({
    what: `${field(p)} must now match ${code(pattern)}`,
    todo: 'send only values that match it',
  }),
  'request-property-type-changed': ([p, , from, to]) => ({
    what: `${field(p)} is now of type ${to} (was ${from})`,
    todo: `send a ${to}`,
  }),
  'new-optional-request-parameter': ([place, name]) => ({
    what: `takes the optional ${place} parameter ${code(name)}`,
  }),
  'new-required-request-parameter': ([place, name]) => ({
    what: `needs the ${place} parameter ${code(name)}`,
    todo: `send ${code(name)} in every request`,
  }),
  'response-optional-property-added': ([p]) => ({ what: `answers may now include ${field(p)}` }),
  'response-required-property-added': ([p]) => ({ what: `answers now include ${field(p)}` }),
  'response-optional-property-removed': ([p]) => ({
    what: `answers no longer include ${field(p)}`,
    todo: 'stop reading it',
  }),
  'response-required-property-removed': ([p]) => ({
    what: `answers no longer include ${field(p)}`,
    todo: 'stop reading it',
  }),
  'response-property-became-required': ([p]) => ({ what: `answers always include ${field(p)}` }),
  'response-property-became-optional': ([p]) => ({
    what: `answers may leave ${field(p)} out`,
    todo: 'read it as optional',
  }),
  'response-property-enum-value-added': ([v, p]) => ({
    what: `${field(p)} in answers may now be ${code(v)}`,
    todo: 'handle a value you do not know',
  }),
  'response-property-became-not-enum': ([p]) => ({
    what: `${field(p)} in answers is no longer limited to a list of values`,
    todo: 'handle a value you do not know',
  }),
  'response-header-added': ([name]) => ({ what: `answers may carry the header ${code(name)}` }),
  'response-property-enum-value-removed': ([v, p]) => ({ what: `${field(p)} in answers is never ${code(v)} any more` }),
  'response-property-max-length-increased': ([p, , to]) => ({
    what: `${field(p)} in answers may now be up to ${to} characters`,
    todo: 'make room for longer values',
  }),
  'response-property-max-length-decreased': ([p, , to]) => ({
    what: `${field(p)} in answers is now at most ${to} characters`,
  }),
  'response-property-type-changed': ([p, , from, to]) => ({
    what: `${field(p)} in answers is now of type ${to} (was ${from})`,
    todo: `read it as a ${to}`,
  }),
  'response-non-success-status-added': ([status]) => ({ what: `may now answer ${status}`, todo: `handle ${status}` }),
  'response-success-status-added': ([status]) => ({ what: `may now answer ${status}`, todo: `handle ${status}` }),
  'response-non-success-status-removed': ([status]) => ({ what: `no longer answers ${status}` }),
  'response-success-status-removed': ([status]) => ({ what: `no longer answers ${status}`, todo: 'stop expecting it' }),
  'api-security-anonymous-access-removed': ([scheme]) => ({
    what: `needs a token now (${scheme}): no anonymous access`,
    todo: 'send a token',
  }),
};

/** Only the status differs between oasdiff's changes for one rule on one operation: one line says them all. */
const withoutStatus = (text: string) =>
  text.replace(/\s*(?:for|with|to) (?:the )?(?:response )?(?:status )?`\d{3}`(?: status)?/g, '');

/** A change in words: the template for its rule id, else oasdiff's text with its schema paths as field names. */
export function wordsOf(change: Change): Words {
  const words = WORDS[change.id];
  if (words) return words(quoted(change.text));
  const text = withoutStatus(change.text);
  return {
    what: text.replace(/`([^`]*)`/g, (_match, value: string) =>
      code(/[/[]/.test(value) && !value.startsWith('^') ? fieldOf(value) : value),
    ),
  };
}

/** The section a rule id belongs in. A changed bound, format or type is Changed, however oasdiff names it. */
export function sectionOf(id: string): Section {
  if (id.includes('security')) return 'Security';
  if (/deprecated|sunset/.test(id) && !id.includes('removed')) return 'Deprecated';
  if (
    /(max|min|length|pattern|format|type|default|nullable|became|const|discriminator|items-set|-set$|-unset$)/.test(id)
  )
    return 'Changed';
  if (/removed|deleted/.test(id)) return 'Removed';
  if (/added|^new-optional/.test(id)) return 'Added';
  return 'Changed';
}
