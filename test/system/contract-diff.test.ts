import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { contractTree, OASDIFF, runDiff } from '../helpers/contract-tree.js';
import { needs } from '../helpers/needs.js';

// make contract-diff on a scratch tree (test/helpers/contract-tree.ts), openapi.yaml changed as a contract author would.

type Spec = {
  paths: Record<string, unknown>;
  components: {
    schemas: Record<
      string,
      {
        properties?: Record<string, unknown>;
        required?: string[];
        enum?: string[];
        'x-extensible-enum'?: string[];
        'x-enumDescriptions'?: Record<string, string>;
      }
    >;
  };
};

describe('make contract-diff on a changed contract', function () {
  this.timeout(60_000);
  let tree: string;

  before(async function () {
    needs(this, existsSync(OASDIFF) ? undefined : `oasdiff (make contract-diff installs it into .tools/)`);
    tree = await contractTree('contract-diff-');
  });
  after(async () => {
    if (tree) await rm(tree, { recursive: true, force: true });
  });

  /** Runs the diff with openapi.yaml as `change` leaves it, no store named. */
  const diffAfter = (change: (spec: Spec) => void) => runDiff(tree, change as (spec: Record<string, unknown>) => void);

  it('when nothing changes, then it passes, naming nothing breaking', async () => {
    const { status, output } = await diffAfter(() => {});
    expect(output).to.include('Breaking (0): none');
    expect(output).not.to.include('Stored data');
    expect(status, output).to.equal(0);
  });

  it('when a request body gets a required field, then it fails and names the field and the operation', async () => {
    const { status, output } = await diffAfter((spec) => {
      const request = spec.components.schemas.CreateStreamRequest!;
      request.properties = { ...request.properties, topicCode: { type: 'string', maxLength: 10 } };
      request.required = [...(request.required ?? []), 'topicCode'];
    });
    expect(status, output).to.equal(1);
    expect(output).to.match(/POST \/api\/streams[^\n]*\n[^\n]*topicCode/);
    expect(output).to.include('NOT ACCEPTED');
  });

  it('when a path is removed, then it fails and names the path', async () => {
    const { status, output } = await diffAfter((spec) => {
      delete spec.paths['/api/chat/reads/{streamId}'];
    });
    expect(status, output).to.equal(1);
    expect(output).to.include('/api/chat/reads/{streamId}');
    expect(output).to.include('NOT ACCEPTED');
  });

  it('when a response gets an optional field, then it passes and names the field as non-breaking', async () => {
    const { status, output } = await diffAfter((spec) => {
      const stream = spec.components.schemas.Stream!;
      stream.properties = { ...stream.properties, archivedNote: { type: 'string', maxLength: 100 } };
    });
    expect(output).to.include('Breaking (0): none');
    expect(output.slice(output.indexOf('Non-breaking'))).to.include('archivedNote');
    expect(status, output).to.equal(0);
  });

  it('when a problem type is added to the open list, then it passes: a client treats a type it does not know by its status', async () => {
    const { status, output } = await diffAfter((spec) => {
      const types = spec.components.schemas.ProblemType!;
      const list = types.enum ? 'enum' : 'x-extensible-enum'; // wherever the catalogue lists the known types
      types[list] = [...(types[list] ?? []), 'urn:problem:collab:something-new'];
      types['x-enumDescriptions'] = {
        ...types['x-enumDescriptions'],
        'urn:problem:collab:something-new': '400. Something new.',
      };
    });
    expect(output).to.include('Breaking (0): none');
    expect(status, output).to.equal(0);
  });
});
