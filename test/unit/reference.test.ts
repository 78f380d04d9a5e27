import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parse } from 'yaml';
import { specPath } from '../../src/contract/spec.js';
import { catalogue } from '../../src/errors/problem.js';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const spec = parse(readFileSync(specPath, 'utf8')) as {
  security: Record<string, string[]>[];
  components: { securitySchemes: Record<string, { description?: string }> };
  info: { contact?: { name?: string; url?: string; email?: string }; license?: { name?: string } };
  paths: Record<
    string,
    Record<
      string,
      { summary?: string; description?: string; responses?: Record<string, { $ref?: string; description?: string }> }
    >
  >;
};
const componentResponses = (spec as unknown as { components: { responses: Record<string, { description: string }> } })
  .components.responses;

/** Every description in the document, with where it is. */
function descriptions(node: unknown, at = ''): [string, string][] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'description' && typeof value === 'string'
      ? [[at, value] as [string, string]]
      : descriptions(value, `${at}/${key}`),
  );
}

describe('openapi.yaml as a reference', () => {
  it('when an operation is read, then it has a summary and a description', () => {
    const bare = Object.entries(spec.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method])
        .filter((method) => !item[method]?.summary || !item[method]?.description)
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(bare).to.deep.equal([]);
  });

  it('when a client looks for who answers for the API, then info names a contact and a license', () => {
    expect(spec.info.contact?.name).to.be.a('string');
    expect(spec.info.contact?.url ?? spec.info.contact?.email).to.be.a('string');
    expect(spec.info.license?.name).to.be.a('string');
  });

  it('when a tool reads who may call /api, then a bearer token is required, with no anonymous alternative, and the local mode is described', () => {
    expect(spec.security).to.deep.equal([{ bearerAuth: [] }]);
    expect(spec.components.securitySchemes.bearerAuth?.description).to.contain('local mode').and.contain('`local`');
  });

  it('when a client reads an error response, then its description names the problem types it carries, each of that status', () => {
    const wrong = Object.entries(spec.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).flatMap((method) =>
        Object.entries(item[method]?.responses ?? {})
          .filter(([status]) => Number(status) >= 400)
          .flatMap(([status, response]) => {
            const description = response.$ref
              ? (componentResponses[response.$ref.split('/').pop() ?? '']?.description ?? '')
              : (response.description ?? '');
            const named = Object.entries(catalogue).filter(([kind]) => description.includes(`\`${kind}\``));
            const at = `${method.toUpperCase()} ${path} ${status}`;
            if (named.length === 0) return [`${at}: names no problem type`];
            return named
              .filter(([, { status: sent }]) => String(sent) !== status)
              .map(([kind]) => `${at}: names ${kind}, sent with another status`);
          }),
      ),
    );
    expect(wrong).to.deep.equal([]);
  });

  it('when a client reads a description, then it names no part of the implementation', () => {
    const leaks = descriptions(spec).filter(([, text]) =>
      /lowdb|journal|src\/|\.ts\b|\bexpress\b|\bajv\b|Prism mock's|embedded store/i.test(text),
    );
    expect(leaks.map(([at]) => at)).to.deep.equal([]);
  });
});
