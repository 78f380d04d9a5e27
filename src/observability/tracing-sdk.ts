import type { IncomingMessage } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { register } from 'import-in-the-middle/register-hooks.mjs';
import { markTracing, routeOfRequest } from './traces.js';

/** The packages instrumented; only these go through import-in-the-middle's loader hook, not the service's own modules. */
const HOOKED = ['http', 'https', 'express', 'pg', 'pg-pool'];
/** Probes and scrapes: every few seconds from a balancer or Prometheus, they would drown the traces of requests. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Starts the OpenTelemetry Node SDK for traces only, configured by the standard OTEL_*
 * variables (exporter, protocol, endpoint, headers, OTEL_BSP_*, sampler, propagators,
 * resource, attribute counts), and `spanLimits` (src/config/tracing.ts); /metrics and stdout stay the metrics and the logs. The service's modules
 * must be imported after this (src/server.ts): ESM modules are hooked as they load.
 */
export function startTracingSdk(env: NodeJS.ProcessEnv, spanLimits: { attributeValueLengthLimit: number }): NodeSDK {
  // In-thread (module.registerHooks): hooks modules the service imports from now on, with no loader thread.
  register({ include: HOOKED });
  const named =
    Boolean(env.OTEL_SERVICE_NAME?.trim()) || /(^|,)\s*service\.name=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const sdk = new NodeSDK({
    ...(named ? {} : { serviceName: 'collab-service' }),
    spanLimits, // given, it wins over the SDK's reading of the variables: src/tracing.ts reads them, with a default
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.has(req.url ?? ''),
        applyCustomAttributesOnSpan: (span, req) => nameByRoute(span, req as IncomingMessage),
      }),
      // A span per middleware would be some twenty a request, and the routers' are misnamed (express 5): handlers only.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
      // Statements outside a request (migrations, pings, the rate limit's clean-up) make no traces of their own.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  markTracing();
  return sdk;
}

/** The server span is named as the request's log line and metrics name it: `PUT /api/notifications/devices`, the template from openapi.yaml. */
function nameByRoute(span: Span, req: IncomingMessage): void {
  const route = routeOfRequest(req);
  if (route === undefined) return;
  span.setAttribute('http.route', route);
  span.updateName(`${req.method ?? 'GET'} ${route}`);
}
