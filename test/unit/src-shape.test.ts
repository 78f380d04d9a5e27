import { globSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect } from 'chai';
import ts from 'typescript';
import { specPath } from '../../src/contract/spec.js';

// Two rules of the house that drift unless a test holds them: a file of src/ is small enough to read at once, and no
// file of src/ imports, through any chain, itself. A circle counts type-only imports too: the types then belong lower.
const root = dirname(specPath);
const LINE_LIMIT = 150;

/**
 * Files over the limit not split yet, each with the lines it has now: it may shrink, never grow, and its line here goes
 * once it is within the limit (the test says so), so the list only gets shorter.
 */
const WAITING: Record<string, number> = {};

const linesOf = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Each file's relative imports and re-exports (static, type-only and dynamic), as the files they name among `files`. */
function importGraph(files: Map<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const named = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
    const targets = named
      .filter((name) => name.startsWith('.'))
      .map((name) => join(dirname(file), name.replace(/\.js$/, '.ts')))
      .map((target) => (files.has(target) ? target : join(target.replace(/\.ts$/, ''), 'index.ts')))
      .filter((target) => files.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of `graph`: each strongly connected group of two files or more (or a file importing itself), sorted. */
function importCircles(files: Map<string, string>): string[][] {
  const graph = importGraph(files);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const target of graph.get(file)!) {
      if (!index.has(target)) visit(target);
      if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, low.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)!.includes(file)) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function sourceFiles(): Map<string, string> {
  const files = globSync('src/**/*.ts', { cwd: root });
  return new Map(files.map((file) => [file, readFileSync(resolve(root, file), 'utf8')]));
}

describe('the shape of src/: files within the line limit, and no import circle', () => {
  const files = sourceFiles();

  it(`when a file of src/ is read, then it has at most ${LINE_LIMIT} lines (or no more than its line in WAITING)`, () => {
    const over = [...files]
      .map(([file, text]) => [file, linesOf(text)] as const)
      .filter(([file, lines]) => lines > (WAITING[file] ?? LINE_LIMIT))
      .map(([file, lines]) => `${file}: ${lines} lines`);
    expect(over, `over ${LINE_LIMIT} lines: split by responsibility`).to.deep.equal([]);
  });

  it('when a file in WAITING is within the limit or gone, then its line in WAITING goes too', () => {
    const done = Object.keys(WAITING).filter((file) => !files.has(file) || linesOf(files.get(file)!) <= LINE_LIMIT);
    expect(done).to.deep.equal([]);
  });

  it('when the imports of src/ are followed, then none comes back to the file it left', () => {
    const circles = importCircles(files).map((group) => group.map((file) => relative('src', file)).join(' <-> '));
    expect(circles, 'import circles: move what both need below both').to.deep.equal([]);
  });

  it('when two files import each other, even for a type only or through a third, then the circle is found', () => {
    const probe = new Map([
      ['src/a/one.ts', "import type { Two } from './two.js';\nexport type One = Two;\n"],
      ['src/a/two.ts', "export { three } from '../b/index.js';\nexport type Two = string;\n"],
      ['src/b/index.ts', "import { one } from '../a/one.js';\nexport const three = one;\n"],
      ['src/b/alone.ts', "import { three } from './index.js';\nimport { readFile } from 'node:fs';\n"],
      ['src/c/self.ts', "export * from './self.js';\n"],
    ]);
    expect(importCircles(probe)).to.deep.equal([['src/a/one.ts', 'src/a/two.ts', 'src/b/index.ts'], ['src/c/self.ts']]);
  });
});
