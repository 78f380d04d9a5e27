import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { MANIFEST_FILE, prometheusRule, RULES_FILE } from '../../scripts/deploy/prometheus-rule.js';
import { needs } from '../helpers/needs.js';

const PROMTOOL = spawnSync('promtool', ['--version']).status === 0;
const NO_PROMTOOL = "promtool, from Debian's prometheus package (apt-get install prometheus)";
const DOC = 'docs/operators/observability.md';
const RUNBOOK = 'docs/operators/runbook.md';
/** Where each runbook_url points, but for the section: a placeholder the operator replaces (deploy/alert-rules.yaml says how). */
const RUNBOOK_URL = 'https://git.example.com/collab-service/blob/main/docs/operators/runbook.md';
/** The cases `promtool test rules` runs against the rules file. */
const CASES = 'test/system/alert-rules.promtool.yaml';
/** Series of Prometheus's own, not the service's, that a rule may name. */
const PROMETHEUS_OWN = new Set(['up']);

interface Rule {
  alert: string;
  expr: string;
  labels: { severity?: string };
  annotations: { summary?: string; runbook_url?: string };
}
const rulesIn = (text: string) =>
  (parse(text) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules);
const rules = async () => rulesIn(await readFile(RULES_FILE, 'utf8'));

/** promtool check rules on `text`, written to a file of its own. */
async function checkRules(text: string): Promise<void> {
  const file = join(await mkdtemp(join(tmpdir(), 'collab-rules-')), 'rules.yaml');
  await writeFile(file, text);
  const checked = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
  expect(checked.status, `${checked.stdout}${checked.stderr}`).to.equal(0);
  expect(checked.stdout).to.match(/SUCCESS: \d+ rules found/);
}

/** The metrics the table of DOC's Metrics section lists. */
async function documentedMetrics(): Promise<Set<string>> {
  const text = await readFile(DOC, 'utf8');
  const table = text.slice(text.indexOf('## Metrics'), text.indexOf('### Alerts'));
  return new Set(
    [...table.matchAll(/^\| `([a-z_]+)`(?:, `([a-z_]+)`)*/gm)].flatMap((row) =>
      row[0].match(/`([a-z_]+)`/g)!.map((name) => name.slice(1, -1)),
    ),
  );
}

describe(`the alert rules of ${RULES_FILE}`, () => {
  it('when checked by promtool, then they are valid Prometheus rules', async function () {
    needs(this, PROMTOOL ? undefined : NO_PROMTOOL);
    await checkRules(await readFile(RULES_FILE, 'utf8'));
  });

  it(`when the series of ${CASES} are fed to them, then each alert fires, and stays quiet, as the cases expect (promtool test rules)`, function () {
    needs(this, PROMTOOL ? undefined : NO_PROMTOOL);
    const tested = spawnSync('promtool', ['test', 'rules', CASES], { encoding: 'utf8' });
    expect(tested.status, `${tested.stdout}${tested.stderr}`).to.equal(0);
    expect(tested.stdout).to.contain('SUCCESS');
  });

  it(`when an alert is in the rules, then ${CASES} has a case for it`, async () => {
    const cases = parse(await readFile(CASES, 'utf8')) as { tests: { alert_rule_test: { alertname: string }[] }[] };
    const tested = new Set(cases.tests.flatMap((one) => one.alert_rule_test.map((check) => check.alertname)));
    expect((await rules()).map((rule) => rule.alert).filter((alert) => !tested.has(alert))).to.deep.equal([]);
  });

  it(`when an expression names a metric, then the metrics table of ${DOC} documents it`, async () => {
    const metrics = await documentedMetrics();
    const named = new Set(
      (await rules()).flatMap((rule) =>
        [...rule.expr.matchAll(/\b([a-z_]+?)(?:_count|_sum|_bucket)?\{/g)].map((match) => match[1]!),
      ),
    );
    expect([...named].filter((name) => !metrics.has(name) && !PROMETHEUS_OWN.has(name))).to.deep.equal([]);
    expect(named.size).to.be.at.least(10);
  });

  it(`when an alert is in the rules, then it has a severity, a summary and a runbook_url to its section of ${RUNBOOK}, which says what it means, what to check and what to do`, async () => {
    const runbook = await readFile(RUNBOOK, 'utf8');
    const sections = new Map(
      runbook
        .split(/^## /m)
        .slice(1)
        .map((section) => [section.slice(0, section.indexOf('\n')).trim(), section] as const),
    );
    for (const rule of await rules()) {
      expect(['page', 'ticket'], rule.alert).to.include(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).to.be.a('string').and.not.empty;
      expect(rule.annotations.runbook_url, rule.alert).to.equal(`${RUNBOOK_URL}#${rule.alert.toLowerCase()}`);
      const section = sections.get(rule.alert);
      expect(section, `${RUNBOOK} has a section "## ${rule.alert}"`).to.be.a('string');
      for (const part of ['**What it means.**', '**What to check.**', '**What to do.**'])
        expect(section, `${rule.alert}: ${part}`).to.contain(part);
    }
    expect([...sections.keys()].filter((title) => title.startsWith('Collab'))).to.have.length((await rules()).length);
  });

  it(`when ${DOC} is read, then it links to the rules file and the runbook, and holds no rules of its own`, async () => {
    const doc = await readFile(DOC, 'utf8');
    expect(doc).to.contain('](../../deploy/alert-rules.yaml)').and.contain('](runbook.md)');
    expect(doc).not.to.match(/^\s*groups:/m);
  });
});

describe(MANIFEST_FILE, () => {
  it(`when compared with what scripts/deploy/prometheus-rule.ts makes of ${RULES_FILE}, then it is the same (run the script after changing the rules)`, async () => {
    expect(await readFile(MANIFEST_FILE, 'utf8')).to.equal(prometheusRule(await readFile(RULES_FILE, 'utf8')));
  });

  it('when parsed, then it is a PrometheusRule whose rules promtool accepts, with the job a ServiceMonitor of the Service gives', async function () {
    const manifest = parse(await readFile(MANIFEST_FILE, 'utf8')) as {
      apiVersion: string;
      kind: string;
      spec: { groups: { rules: Rule[] }[] };
    };
    expect(manifest).to.include({ apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule' });
    const inManifest = manifest.spec.groups.flatMap((group) => group.rules);
    expect(inManifest.map((rule) => rule.alert)).to.deep.equal((await rules()).map((rule) => rule.alert));
    for (const rule of inManifest)
      expect(rule.expr, rule.alert).to.contain('job="collab-service"').and.not.contain('job="collab"');
    needs(this, PROMTOOL ? undefined : NO_PROMTOOL);
    await checkRules(JSON.stringify({ groups: manifest.spec.groups }));
  });
});
