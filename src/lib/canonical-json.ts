/**
 * JSON with every object's members in code-unit order: the same text for the same data however its members were
 * ordered, for hashes that must not depend on how a client wrote a body (RFC 8259: objects are unordered).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const object = value as Record<string, unknown>;
  const members = Object.keys(object)
    .filter((name) => object[name] !== undefined)
    .sort();
  return `{${members.map((name) => `${JSON.stringify(name)}:${canonicalJson(object[name])}`).join(',')}}`;
}
