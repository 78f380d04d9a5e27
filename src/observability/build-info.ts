import { Gauge } from 'prom-client';

const buildInfo = new Gauge({
  name: 'build_info',
  help: 'Always 1: the version of the service (its contract, info.version of openapi.yaml) and of Node.js, as labels to join other metrics with.',
  labelNames: ['version', 'node'] as const,
});

/** Called once at start-up (src/serve.ts) with the contract's version. */
export function reportBuildInfo(version: string): void {
  buildInfo.set({ version, node: process.versions.node }, 1);
}
