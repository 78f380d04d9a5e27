import { expect } from 'chai';
import { loadSpec } from '../../src/contract/spec.js';
import { catalogue, HttpProblem, type ProblemKind } from '../../src/errors/problem.js';

const problemType = loadSpec().components.schemas.ProblemType as {
  'x-extensible-enum': string[];
  enum?: unknown;
  'x-enumDescriptions': Record<string, string>;
};

describe('the problem catalogue: src/errors/problem.ts and ProblemType in openapi.yaml', () => {
  it('when both are listed, then they hold the same problem types, in the same order', () => {
    const kinds = Object.keys(catalogue) as ProblemKind[];
    expect(problemType['x-extensible-enum']).to.deep.equal(
      kinds.map((kind) => new HttpProblem(kind, '').toJSON().type),
    );
  });

  it('when a client reads ProblemType, then it is an open list: a string with the known types, no enum, so a new type breaks no client', () => {
    expect([problemType.enum, (problemType as { type?: string }).type]).to.deep.equal([undefined, 'string']);
  });

  it('when a type is described in openapi.yaml, then the description starts with the status the service sends it with', () => {
    for (const [kind, { status }] of Object.entries(catalogue)) {
      expect(problemType['x-enumDescriptions'][`urn:problem:collab:${kind}`], kind).to.match(
        new RegExp(`^${status}\\. `),
      );
    }
  });
});
