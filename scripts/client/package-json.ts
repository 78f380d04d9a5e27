import { readFileSync } from 'node:fs';
import type { Contract } from '../../src/contract/declared-responses.js';

/** The range this project's package.json asks for: the packed client runs on what its tests ran on. */
const openapiFetchRange = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies['openapi-fetch'];

/**
 * generated/client/package.json: the manifest `make client` packs beside the compiled client
 * (scripts/client/pack.ts), at the contract's version. ESM JavaScript with .d.ts, for Node,
 * bundlers and test runners alike. It needs openapi-fetch (its one dependency, at the version the
 * project tests with); `./msw` needs msw, an optional peer.
 */
export function packageJsonOf(contract: Contract): string {
  return `${JSON.stringify(
    {
      name: '@collab/client',
      version: contract.version,
      description: `Typed fetch client (openapi-fetch) of ${contract.title} ${contract.version}, generated from its openapi.yaml; MSW handlers from its examples at @collab/client/msw.`,
      license: 'UNLICENSED',
      type: 'module',
      sideEffects: false,
      exports: {
        '.': { types: './index.d.ts', default: './index.js' },
        './msw': { types: './msw.d.ts', default: './msw.js' },
        './package.json': './package.json',
      },
      main: './index.js',
      types: './index.d.ts',
      dependencies: { 'openapi-fetch': openapiFetchRange },
      peerDependencies: { msw: '^2.7.0 || ^3.0.0' },
      peerDependenciesMeta: { msw: { optional: true } },
      // Published only to a registry set here (publishConfig.registry), never by accident to the public one.
      publishConfig: { access: 'restricted' },
    },
    null,
    2,
  )}\n`;
}
