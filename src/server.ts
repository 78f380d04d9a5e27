import { startTracing } from './tracing.js';

// Tracing first, then the service: its modules (express, pg, node:http) are instrumented as they
// load, so they are imported only once the SDK is started (src/tracing.ts), and only from here.
await startTracing().catch((error: unknown) => {
  console.error(`Refusing to start: ${(error as Error).message}`);
  process.exit(1);
});
await import('./serve.js');
