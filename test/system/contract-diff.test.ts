import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { contractTree, OASDIFF, runDiff } from '../helpers/contract-tree.js';
import { needs } from '../helpers/needs.js';

// make contract-diff on a scratch tree (test/helpers/contract-tree.ts), openapi.yaml changed as a contract author would.

type Spec = {
  paths: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
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

  /** Each operation gets an optional query parameter and a response header of its own: 36 kinds of change. */
  const manyKinds = (spec: Spec) => {
    const operations = Object.values(spec.paths).flatMap((item) =>
      ['get', 'put', 'post', 'patch', 'delete'].flatMap((method) => (item[method] ? [item[method]] : [])),
    );
    for (const [index, operation] of operations.entries()) {
      const parameter = { name: `p${index}`, in: 'query', required: false, schema: { type: 'string', maxLength: 9 } };
      operation.parameters = [...(operation.parameters ?? []), parameter];
      const [status] = Object.keys(operation.responses);
      operation.responses[status!] = {
        ...operation.responses[status!],
        headers: { ...operation.responses[status!].headers, [`X-H${index}`]: { schema: { type: 'string' } } },
      };
    }
    return operations.length;
  };

  it('when many kinds of change are made, then it opens with a summary of at most 40 lines, and FULL=1 lists every change', async () => {
    let count = 0;
    const { status, output } = await diffAfter((spec) => {
      count = manyKinds(spec);
    });
    expect(status, output).to.equal(0);
    const lines = output.split('\n');
    const summary = lines.slice(
      0,
      lines.findIndex((line) => line.startsWith('Each of the')),
    );
    expect(summary.length, output).to.be.within(10, 40);
    expect(output).to.match(/… and \d+ more kinds: FULL=1 lists every change/);
    expect(lines.length, output).to.be.at.most(80);

    const all = await runDiff(tree, (spec) => void manyKinds(spec as Spec), { FULL: '1' });
    expect(all.status, all.output).to.equal(0);
    expect(all.output).to.include("Every change, in oasdiff's words");
    for (let index = 0; index < count; index++) {
      expect(all.output).to.include(`\`p${index}\``);
      expect(all.output).to.include(`\`x-h${index}\``);
    }
  });

  it("when CHANGELOG.md's Unreleased entry names a change unseen by oasdiff (a rule in words), then it lists it after the summary", async () => {
    const changelog = join(tree, 'CHANGELOG.md');
    await writeFile(
      changelog,
      '# Changelog\n\n## [Unreleased]\n\n### Changed\n\n- **Changed, unseen by oasdiff:** a PATCH that changes nothing\n  keeps `updatedAt`.\n- Wording.\n\n## 1.0.0\n',
    );
    try {
      const { status, output } = await diffAfter(() => {});
      expect(status, output).to.equal(0);
      expect(output).to.include(
        "Other changes oasdiff cannot see, as CHANGELOG.md's Unreleased entry names them (1):\n  - **Changed, unseen by oasdiff:** a PATCH that changes nothing keeps `updatedAt`.\n",
      );
    } finally {
      await rm(changelog);
    }
  });

  it("when run on the repository's contract, then it prints at most 80 lines, the summary first", () => {
    const { DATA_FILE: _file, DATABASE_URL: _url, FULL: _full, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/contract/diff.ts'], {
      env: { ...env, OASDIFF },
      encoding: 'utf8',
    });
    const output = run.stdout + run.stderr;
    expect(output).to.match(/^Contract diff: [^\n]*\n\nBreaking \(\d+\)/);
    expect(output.trimEnd().split('\n').length, output).to.be.at.most(80);
  });
});
