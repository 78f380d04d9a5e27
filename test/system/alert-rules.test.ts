import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { needs } from '../helpers/needs.js';

const PROMTOOL = spawnSync('promtool', ['--version']).status === 0;
const DOC = 'docs/operators/observability.md';

/** The YAML block of rules in the document, and the metrics its table lists. */
async function documented(): Promise<{ rules: string; metrics: Set<string> }> {
  const text = await readFile(DOC, 'utf8');
  const rules = [...text.matchAll(/```yaml\n(groups:[\s\S]*?)```/g)].map((match) => match[1]!);
  expect(rules, 'one block of rules').to.have.length(1);
  const table = text.slice(text.indexOf('## Metrics'), text.indexOf('### Alerts'));
  return { rules: rules[0]!, metrics: new Set([...table.matchAll(/^\| `([a-z_]+)`(?:, `([a-z_]+)`)*/gm)].flatMap((row) => row[0].match(/`([a-z_]+)`/g)!.map((name) => name.slice(1, -1)))) };
}

describe(`the alert rules in ${DOC}`, () => {
  it('when checked by promtool, then they are valid Prometheus rules', async function () {
    needs(this, PROMTOOL ? undefined : "promtool, from Debian's prometheus package (apt-get install prometheus)");
    const file = join(await mkdtemp(join(tmpdir(), 'collab-rules-')), 'rules.yaml');
    await writeFile(file, (await documented()).rules);
    const checked = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
    expect(checked.status, `${checked.stdout}${checked.stderr}`).to.equal(0);
    expect(checked.stdout).to.match(/SUCCESS: \d+ rules found/);
  });

  it('when an expression names a metric, then the metrics table documents it', async () => {
    const { rules, metrics } = await documented();
    const exprs = (parse(rules) as { groups: { rules: { expr: string }[] }[] }).groups.flatMap((group) => group.rules.map((rule) => rule.expr));
    const named = new Set(exprs.flatMap((expr) => [...expr.matchAll(/\b([a-z_]+?)(?:_count|_sum|_bucket)?\{/g)].map((match) => match[1]!)));
    expect([...named].filter((name) => !metrics.has(name))).to.deep.equal([]);
    expect(named.size).to.be.at.least(5);
  });
});
