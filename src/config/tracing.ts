import { parseCount } from './parse.js';

// Whether the standard OpenTelemetry variables ask for traces, and how long an attribute may be (docs/operators/observability.md, "Traces").

/** The exporters OTEL_TRACES_EXPORTER may name here; `console` would write spans among the JSON log lines on stdout. */
const EXPORTERS = ['otlp', 'zipkin', 'none'];
/** The OTLP protocols the SDK speaks; another value would silently fall back to http/protobuf. */
const PROTOCOLS = ['http/protobuf', 'http/json', 'grpc'];

/**
 * True when traces are to be exported: OTEL_TRACES_EXPORTER names an exporter (not
 * `none`), or, unset, an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); never with OTEL_SDK_DISABLED=true. Unlike the
 * SDK's own default (otlp to localhost), nothing is set up or sent unless asked for.
 * Throws a one-line message for a value the SDK would misread.
 */
export function tracesWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  for (const name of ['OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL']) {
    const protocol = env[name]?.trim();
    if (protocol && !PROTOCOLS.includes(protocol))
      throw new Error(`${name} must be one of ${PROTOCOLS.join(', ')}, not "${protocol}"`);
  }
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = exporters.find((name) => !EXPORTERS.includes(name));
  if (unknown !== undefined)
    throw new Error(`OTEL_TRACES_EXPORTER must list ${EXPORTERS.join(', ')}, not "${unknown}"`);
  if (exporters.includes('none') && exporters.length > 1)
    throw new Error('OTEL_TRACES_EXPORTER lists none with other exporters: list either');
  if (exporters.length > 0) return exporters[0] !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * The longest a span attribute's value is kept, in characters, when neither variable says: the
 * SDK's own default keeps any length, so a 64 KB `User-Agent` went whole into every span and export.
 */
export const SPAN_ATTRIBUTE_VALUE_LENGTH = 1024;

/**
 * The span attribute value length limit: OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT, else
 * OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT (the specification's order), else ours. Longer strings are cut
 * to it by the SDK. Throws a one-line message for an empty or unreadable value (the SDK would
 * silently keep any length).
 */
export function spanAttributeValueLength(env: NodeJS.ProcessEnv): number {
  for (const name of ['OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT', 'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT']) {
    const text = env[name];
    if (text === undefined) continue;
    if (text.trim() === '') throw new Error(`${name} is set but empty: give it a value, or unset it`);
    return parseCount(text, name, 0);
  }
  return SPAN_ATTRIBUTE_VALUE_LENGTH;
}
