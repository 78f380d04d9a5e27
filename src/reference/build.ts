// npm run build:docs: the reference for people, from openapi.yaml, into dist/docs/:
// the bundled contract (YAML and JSON, examples inlined), Redoc's standalone bundle, the page.
// The page's copy (openapi.json) ends its introduction with CHANGELOG.md.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { specPath } from '../contract/spec.js';

const root = dirname(specPath);
const out = join(root, 'dist', 'docs');
mkdirSync(out, { recursive: true });
for (const file of ['openapi.yaml', 'openapi.json']) {
  execFileSync(join(root, 'node_modules', '.bin', 'redocly'), ['bundle', specPath, '-o', join(out, file)], {
    stdio: 'ignore',
  });
}
copyFileSync(
  createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'),
  join(out, 'redoc.standalone.js'),
);
const page = JSON.parse(readFileSync(join(out, 'openapi.json'), 'utf8')) as { info: { description: string } };
const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8')
  .replace(/^# .*\n/, '')
  .replace(/^##/gm, '###');
page.info.description += `\n## Changelog\n${changelog}`;
writeFileSync(join(out, 'openapi.json'), JSON.stringify(page));
for (const file of ['index.html', 'init.js']) copyFileSync(join(root, 'src', 'reference', file), join(out, file));
console.log(`Built the reference in ${out}`);
