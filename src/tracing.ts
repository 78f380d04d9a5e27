import { spanAttributeValueLength, tracesWanted } from './config/tracing.js';

let stop: (() => Promise<void>) | undefined;

/**
 * Starts OpenTelemetry tracing when the standard variables ask for it (src/config/tracing.ts);
 * otherwise loads nothing of the SDK. src/server.ts calls it before it imports the service,
 * since ESM modules can only be instrumented as they load.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!tracesWanted(env)) return;
  const attributeValueLengthLimit = spanAttributeValueLength(env); // or a refusal, before the SDK loads
  const { startTracingSdk } = await import('./observability/tracing-sdk.js');
  const sdk = startTracingSdk(env, { attributeValueLengthLimit });
  stop = () => sdk.shutdown();
}

/** How long shutdown waits for the last spans to be exported: well within the 45 s grace period after the shutdown timeline. */
const FLUSH_MS = 5_000;

/** Exports the spans still waiting in the batch (OTEL_BSP_*), at shutdown; gives up on them after FLUSH_MS. */
export async function stopTracing(): Promise<void> {
  if (!stop) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FLUSH_MS);
  });
  await Promise.race([stop().catch(() => {}), late]);
  clearTimeout(timer);
}
