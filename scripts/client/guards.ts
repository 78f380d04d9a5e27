import type { Contract, Node } from '../../src/contract/declared-responses.js';

const JSON_TYPES: Record<string, string> = {
  string: "typeof value === 'string'",
  integer: "typeof value === 'number'",
  number: "typeof value === 'number'",
  boolean: "typeof value === 'boolean'",
  array: 'Array.isArray(value)',
  object: "typeof value === 'object' && value !== null",
};

/**
 * generated/client/guards.ts: a guard for every object variant of the contract's
 * anyOf unions (the content tree). Its `type` is any string, so a guard checks the
 * variant's required members and their JSON types.
 */
export function guardsFile({ schemas }: Contract): string {
  const variants = new Map<string, Set<string>>();
  for (const [union, schema] of Object.entries(schemas)) {
    for (const variant of (schema.anyOf ?? []) as Node[]) {
      const name = variant.$ref?.split('/').pop();
      if (name && schemas[name]?.type === 'object') variants.set(name, (variants.get(name) ?? new Set()).add(union));
    }
  }
  const names = [...variants.keys()].sort();
  const guards = names.map((name) => {
    const schema = schemas[name]!;
    const properties = (schema.properties ?? {}) as Record<string, Node>;
    const required = (schema.required ?? []) as string[];
    // Required members must be there; the others, when there, must have their JSON type.
    const checks = Object.keys(properties)
      .sort((a, b) => Number(required.includes(b)) - Number(required.includes(a)))
      .map((member) => {
        const test = testOf(properties[member]!, schemas);
        return required.includes(member)
          ? `has(node, '${member}', (value) => ${test})`
          : `optional(node, '${member}', (value) => ${test})`;
      });
    for (const member of required)
      if (!(member in properties)) checks.push(`has(node, '${member}', (value) => value !== undefined)`);
    const unions = [...variants.get(name)!].sort().join(', ');
    return `/** Whether \`node\` has the members a ${name} requires, and its other members their types (a variant of ${unions}). */
export function is${name}(node: unknown): node is ${name} {
    return ${checks.join('\n        && ')};
}`;
  });
  return `import type { ${names.join(', ')} } from './schema.js';

// The content tree's variants overlap (every node is also a TypeOnlyNode), and two
// variants that require the same members (a ParagraphElement and a TableElement both
// have children) are told apart only by \`type\` ('paragraph', 'table', as seen).

function has(node: unknown, member: string, test: (value: unknown) => boolean): boolean {
    return typeof node === 'object' && node !== null && test((node as Record<string, unknown>)[member]);
}

function optional(node: unknown, member: string, test: (value: unknown) => boolean): boolean {
    return has(node, member, (value) => value === undefined || test(value));
}

${guards.join('\n\n')}
`;
}

/** The check of one member's JSON type: its own `type`, or that of the schema it names. */
function testOf(property: Node, schemas: Record<string, Node>): string {
  const named = property.$ref ? schemas[property.$ref.split('/').pop()!] : property;
  const type = named?.type as string | undefined;
  return type ? JSON_TYPES[type]! : 'value !== undefined';
}
