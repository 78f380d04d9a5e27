// deploy/kubernetes-alerts.yaml: the alert rules of deploy/alert-rules.yaml as a PrometheusRule, for a Prometheus
// that the Prometheus Operator runs (kube-prometheus). The rules are the file's but for the job, which a
// ServiceMonitor names after the Service: collab-service (deploy/kubernetes.yaml). Usage, after changing the rules:
// npx tsx scripts/deploy/prometheus-rule.ts   (test/system/alert-rules.test.ts checks the manifest is its output)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';

export const RULES_FILE = 'deploy/alert-rules.yaml';
export const MANIFEST_FILE = 'deploy/kubernetes-alerts.yaml';
const JOB = 'collab-service';

const HEADER = `# The collaboration service's alert rules as a PrometheusRule (Prometheus Operator, kube-prometheus): apply it
# beside deploy/kubernetes.yaml with kubectl apply -f deploy/kubernetes-alerts.yaml. Generated from
# deploy/alert-rules.yaml by scripts/deploy/prometheus-rule.ts: change that file, then run the script. The labels are
# what kube-prometheus's Prometheus selects rules by (prometheus: k8s, role: alert-rules); match your ruleSelector
# (kube-prometheus-stack's: release: <its release>). job="${JOB}": the name a ServiceMonitor of the Service gives.
`;

/** The manifest for `rules` (the text of deploy/alert-rules.yaml). */
export function prometheusRule(rules: string): string {
  const { groups } = parse(rules.replaceAll('job="collab"', `job="${JOB}"`)) as { groups: unknown[] };
  const manifest = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: {
      name: JOB,
      labels: { 'app.kubernetes.io/name': JOB, prometheus: 'k8s', role: 'alert-rules' },
    },
    spec: { groups },
  };
  return HEADER + stringify(manifest, { lineWidth: 0 });
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  writeFileSync(MANIFEST_FILE, prometheusRule(readFileSync(RULES_FILE, 'utf8')));
