// The page of test/system/client-msw.test.ts: the client's MSW handlers in a service worker, then the client calls.
import { setupWorker } from 'msw/browser';
import { handlers } from '../../generated/client/msw.js';
import { clientCalls } from './client-calls.js';

const page = globalThis as unknown as {
  location: { origin: string };
  runClientCalls: () => ReturnType<typeof clientCalls>;
};
page.runClientCalls = async () => {
  await setupWorker(...handlers()).start({ quiet: true, onUnhandledFrame: 'error' });
  return clientCalls(page.location.origin);
};
