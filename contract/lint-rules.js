// Redocly rules for what configurable rules in redocly.yaml cannot say, since each
// needs more than one node: one source for each set of values, the problem catalogue,
// dated deprecations. Loaded by redocly.yaml as the plugin `contract`.

/** A pattern that only lists literal words, `^(?:a|b|c)$`: a hand-copied enum. */
const WORD_LIST = /^\^\(\?:[A-Za-z0-9_.-]+(?:\|[A-Za-z0-9_.-]+)+\)\$$/;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** Every set of values has one source: an enum in one schema, which others $ref. */
function oneSourceOfValues() {
  const seen = new Map();
  return {
    Schema: {
      enter(schema, { report, location }) {
        if (typeof schema.pattern === 'string' && WORD_LIST.test(schema.pattern)) {
          report({
            message: 'This pattern only lists values: declare them once, as an enum, and $ref that schema.',
            location: location.child('pattern'),
          });
        }
        if (!Array.isArray(schema.enum) || schema.enum.length < 2) return;
        const values = JSON.stringify([...schema.enum].map(String).sort());
        const here = location.absolutePointer;
        const first = seen.get(values);
        if (first === undefined) seen.set(values, here);
        else if (first !== here) {
          report({
            message: `These values are already the enum at ${first}: $ref that schema instead of repeating them.`,
            location: location.child('enum'),
          });
        }
      },
    },
  };
}

const isProblemShape = (schema) =>
  ['type', 'title', 'status', 'detail'].every((name) => name in (schema.properties ?? {}));

/** Every problem document's `type` is the one catalogue, ProblemType: an open list (x-extensible-enum) with each value described. */
function problemTypesDescribed() {
  return {
    Root: {
      leave(root, { report, location }) {
        const schemas = root.components?.schemas ?? {};
        const at = (...path) => location.child(['components', 'schemas', ...path]);
        const catalogue = schemas.ProblemType;
        const known = catalogue?.['x-extensible-enum'];
        if (!Array.isArray(known) || catalogue.enum !== undefined) {
          report({
            message:
              'components.schemas.ProblemType must be the catalogue of problem types: an open list of URIs in x-extensible-enum (no enum: adding a type must not break clients).',
            location: at('ProblemType'),
          });
          return;
        }
        const described = catalogue['x-enumDescriptions'] ?? {};
        for (const value of known) {
          if (typeof described[value] !== 'string' || described[value].trim() === '') {
            report({
              message: `The problem type ${value} has no description in x-enumDescriptions.`,
              location: at('ProblemType', 'x-extensible-enum'),
            });
          }
        }
        for (const value of Object.keys(described)) {
          if (!known.includes(value))
            report({
              message: `x-enumDescriptions describes ${value}, which is not in x-extensible-enum.`,
              location: at('ProblemType', 'x-enumDescriptions'),
            });
        }
        for (const [name, schema] of Object.entries(schemas)) {
          if (isProblemShape(schema) && schema.properties.type.$ref !== '#/components/schemas/ProblemType') {
            report({
              message: `${name}.type must be $ref: '#/components/schemas/ProblemType', the catalogue of problem types.`,
              location: at(name, 'properties', 'type'),
            });
          }
        }
      },
    },
  };
}

/** A deprecated operation says when it was deprecated and when it may go: the Deprecation and Sunset headers come from these. */
function deprecationDated() {
  return {
    Operation: {
      enter(operation, { report, location }) {
        if (operation.deprecated !== true) return;
        for (const name of ['x-deprecated-at', 'x-sunset']) {
          if (!DATE.test(String(operation[name] ?? ''))) {
            report({
              message: `A deprecated operation needs ${name}: a date, YYYY-MM-DD (see docs/contract.md, Deprecation before removal).`,
              location: location.child('deprecated'),
            });
          }
        }
        if (String(operation['x-sunset']) <= String(operation['x-deprecated-at'])) {
          report({ message: 'x-sunset must come after x-deprecated-at.', location: location.child('x-sunset') });
        }
      },
    },
  };
}

/** A 503 of an /api operation (one under the document's security) declares Retry-After, as load shedding and the store send it; the probes' 503 does not. */
function api503SaysWhenToRetry() {
  return {
    Root: {
      leave(root, { report, location }) {
        const resolve = (node) =>
          node?.$ref?.startsWith('#/components/responses/')
            ? root.components.responses[node.$ref.split('/').pop()]
            : node;
        for (const [path, item] of Object.entries(root.paths ?? {})) {
          for (const [method, operation] of Object.entries(item)) {
            const unavailable = resolve(operation?.responses?.['503']);
            if (!unavailable || 'security' in operation || 'Retry-After' in (unavailable.headers ?? {})) continue;
            report({
              message: 'A 503 of an /api operation declares Retry-After: load shedding and the store send it.',
              location: location.child(['paths', path, method, 'responses', '503']),
            });
          }
        }
      },
    },
  };
}

export default function contractRules() {
  return {
    id: 'contract',
    rules: {
      oas3: {
        'api-503-says-when-to-retry': api503SaysWhenToRetry,
        'one-source-of-values': oneSourceOfValues,
        'problem-types-described': problemTypesDescribed,
        'deprecation-dated': deprecationDated,
      },
    },
  };
}
