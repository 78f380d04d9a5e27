// generated/openapi.yaml: openapi.yaml as one file, its external examples (./mocks/examples/*.json) moved in
// by `redocly bundle`, for generators that cannot follow a $ref to another file (orval). `npm run generate`
// runs it; `make check-generated` too. Usage: tsx scripts/contract/bundle.ts [root]   (root defaults to .)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? '.');
const scratch = mkdtempSync(join(tmpdir(), 'bundle-'));
try {
  const bundled = join(scratch, 'openapi.yaml');
  execFileSync(
    join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'redocly'),
    ['bundle', join(root, 'openapi.yaml'), '-o', bundled],
    { stdio: 'ignore' },
  );
  const header =
    '# Generated from openapi.yaml by `redocly bundle` (scripts/contract/bundle.ts): one file, the examples inside.\n' +
    '# Do not edit: change openapi.yaml and run `make generate`.\n';
  mkdirSync(join(root, 'generated'), { recursive: true });
  writeFileSync(join(root, 'generated', 'openapi.yaml'), header + readFileSync(bundled, 'utf8'));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
