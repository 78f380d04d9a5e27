import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { needs } from '../helpers/needs.js';

const PROMTOOL = spawnSync('promtool', ['--version']).status === 0;
const DOC = 'docs/operators/observability.md';
/** The cases `promtool test rules` runs against the rules, as rules.yaml beside it. */
const CASES = 'test/system/alert-rules.promtool.yaml';

/** The YAML block of rules in the document, and the metrics its table lists. */
async function documented(): Promise<{ rules: string; metrics: Set<string> }> {
  const text = await readFile(DOC, 'utf8');
  const rules = [...text.matchAll(/```yaml\n(groups:[\s\S]*?)```/g)].map((match) => match[1]!);
  expect(rules, 'one block of rules').to.have.length(1);
  const table = text.slice(text.indexOf('## Metrics'), text.indexOf('### Alerts'));
  return {
    rules: rules[0]!,
    metrics: new Set(
      [...table.matchAll(/^\| `([a-z_]+)`(?:, `([a-z_]+)`)*/gm)].flatMap((row) =>
        row[0].match(/`([a-z_]+)`/g)!.map((name) => name.slice(1, -1)),
      ),
    ),
  };
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

  it(`when the series of ${CASES} are fed to them, then each alert fires, and stays quiet, as the cases expect (promtool test rules)`, async function () {
    needs(this, PROMTOOL ? undefined : "promtool, from Debian's prometheus package (apt-get install prometheus)");
    const folder = await mkdtemp(join(tmpdir(), 'collab-rules-'));
    await writeFile(join(folder, 'rules.yaml'), (await documented()).rules);
    await copyFile(CASES, join(folder, 'cases.yaml'));
    const tested = spawnSync('promtool', ['test', 'rules', join(folder, 'cases.yaml')], { encoding: 'utf8' });
    expect(tested.status, `${tested.stdout}${tested.stderr}`).to.equal(0);
    expect(tested.stdout).to.contain('SUCCESS');
  });

  it(`when an alert is in the rules, then ${CASES} has a case for it`, async () => {
    const alerts = (parse((await documented()).rules) as { groups: { rules: { alert: string }[] }[] }).groups.flatMap(
      (group) => group.rules.map((rule) => rule.alert),
    );
    const cases = parse(await readFile(CASES, 'utf8')) as { tests: { alert_rule_test: { alertname: string }[] }[] };
    const tested = new Set(cases.tests.flatMap((one) => one.alert_rule_test.map((check) => check.alertname)));
    expect(alerts.filter((alert) => !tested.has(alert))).to.deep.equal([]);
  });

  it('when an expression names a metric, then the metrics table documents it', async () => {
    const { rules, metrics } = await documented();
    const exprs = (parse(rules) as { groups: { rules: { expr: string }[] }[] }).groups.flatMap((group) =>
      group.rules.map((rule) => rule.expr),
    );
    const named = new Set(
      exprs.flatMap((expr) => [...expr.matchAll(/\b([a-z_]+?)(?:_count|_sum|_bucket)?\{/g)].map((match) => match[1]!)),
    );
    expect([...named].filter((name) => !metrics.has(name))).to.deep.equal([]);
    expect(named.size).to.be.at.least(5);
  });
});
