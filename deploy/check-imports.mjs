// node deploy/check-imports.mjs [folder], run in the app's folder: fails when a module under
// dist/src (default) imports a package that is not in node_modules. The image's build runs it after
// `npm prune --omit=dev`, so a run-time import of a devDependency stops the build, not the
// container's start (or a CLI in it) later.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import console from 'node:console';
import process from 'node:process';

const folder = process.argv[2] ?? 'dist/src';
// tsc writes each static import on one line; dynamic imports of a literal are caught too.
const SPECIFIERS = [
  /^\s*(?:import|export)\b[^\n;]*?\bfrom\s*['"]([^'"\n]+)['"]/gm,
  /^\s*import\s*['"]([^'"\n]+)['"]/gm,
  /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g,
];

const unresolved = [];
for (const file of readdirSync(folder, { recursive: true }).filter((name) => name.endsWith('.js'))) {
  const text = readFileSync(join(folder, file), 'utf8');
  for (const specifier of SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]))) {
    if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
    // The package's name: its first segment, or its first two when scoped; installed at the top of node_modules.
    const name = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
    if (!existsSync(join('node_modules', name, 'package.json')))
      unresolved.push(`${join(folder, file)} imports ${specifier}`);
  }
}
if (unresolved.length > 0) {
  console.error(
    `These packages are imported at run time but are not production dependencies (move them to "dependencies" in package.json):\n  ${unresolved.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`check-imports: every package imported under ${folder} resolves`);
