// make client: the client as a package. generated/client/ (committed, drift-checked) compiled to ESM
// JavaScript with .d.ts and source maps into dist/client/package/, beside its package.json, then packed
// into dist/client/collab-client-<info.version>.tgz for `npm install <that file>`. Built, never committed.
// Usage: tsx scripts/client/pack.ts   (prints the tarball's path)
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const out = join(root, 'dist', 'client');
const staging = join(out, 'package');
rmSync(out, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
execFileSync(
  join(root, 'node_modules', '.bin', 'tsc'),
  ['-p', join(import.meta.dirname, 'tsconfig.package.json'), '--outDir', staging],
  { stdio: 'inherit' },
);
copyFileSync(join(root, 'generated', 'client', 'package.json'), join(staging, 'package.json'));
// npm running on the Node.js running this (.nvmrc's, first on PATH); --json names the file it wrote.
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
const [packed] = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: staging, env, encoding: 'utf8' }),
) as { filename: string }[];
console.log(join(out, packed!.filename));
