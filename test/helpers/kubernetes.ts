import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

interface Deployment {
  kind?: string;
  spec?: { template?: { spec?: { containers?: { resources?: { limits?: { memory?: string } } }[] } } };
}

/** The memory limit of deploy/kubernetes.yaml's Deployment, in MiB (its `Mi` value); NaN when it is not given so. */
export function deploymentMemoryMiB(): number {
  const deployment = parseAllDocuments(readFileSync('deploy/kubernetes.yaml', 'utf8'))
    .map((document) => document.toJS() as Deployment)
    .find((document) => document.kind === 'Deployment');
  const memory = deployment?.spec?.template?.spec?.containers?.[0]?.resources?.limits?.memory ?? '';
  return Number(/^(\d+)Mi$/.exec(memory)?.[1] ?? Number.NaN);
}
