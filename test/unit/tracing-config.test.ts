import { expect } from 'chai';
import { spanAttributeValueLength, tracesWanted } from '../../src/config/tracing.js';
import { isTracing } from '../../src/observability/traces.js';
import { startTracing } from '../../src/tracing.js';

describe('whether traces are asked for (OTEL_* variables)', () => {
  it("when nothing turns it on, then off: unlike the SDK's default, no exporter to localhost", () => {
    for (const env of [
      {},
      { OTEL_SERVICE_NAME: 'x', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '1' },
      { OTEL_TRACES_EXPORTER: 'none' },
      { OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' },
      { OTEL_EXPORTER_OTLP_ENDPOINT: ' ' },
    ]) {
      expect(tracesWanted(env), JSON.stringify(env)).to.equal(false);
    }
  });

  it('when OTEL_TRACES_EXPORTER names an exporter, or an OTLP endpoint is set, then on', () => {
    for (const env of [
      { OTEL_TRACES_EXPORTER: 'otlp' },
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' },
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' },
      { OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_SDK_DISABLED: 'false' },
    ]) {
      expect(tracesWanted(env), JSON.stringify(env)).to.equal(true);
    }
  });

  it('when a value would be misread by the SDK, then start-up is refused naming it', () => {
    expect(() => tracesWanted({ OTEL_TRACES_EXPORTER: 'console' })).to.throw(
      'OTEL_TRACES_EXPORTER must list otlp, zipkin, none, not "console"',
    );
    expect(() => tracesWanted({ OTEL_TRACES_EXPORTER: 'otlp,none' })).to.throw(
      'OTEL_TRACES_EXPORTER lists none with other exporters',
    );
    expect(() => tracesWanted({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http' })).to.throw(
      'OTEL_EXPORTER_OTLP_PROTOCOL must be one of http/protobuf, http/json, grpc, not "http"',
    );
  });

  it('when started without the variables, then nothing of the SDK is set up', async () => {
    await startTracing({ OTEL_SERVICE_NAME: 'x' });
    expect(isTracing()).to.equal(false);
  });

  it('when the attribute value length is asked for, then OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT, else OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT, else 1024', () => {
    expect(spanAttributeValueLength({})).to.equal(1024);
    expect(spanAttributeValueLength({ OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '4096' })).to.equal(4096);
    expect(
      spanAttributeValueLength({
        OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '4096',
        OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT: '64',
      }),
    ).to.equal(64);
  });

  it('when an attribute value length is empty or not a whole number, then start-up is refused naming it', async () => {
    expect(() => spanAttributeValueLength({ OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '' })).to.throw(
      'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT is set but empty',
    );
    expect(() =>
      spanAttributeValueLength({ OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT: ' ', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '9' }),
    ).to.throw('OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT is set but empty');
    expect(() => spanAttributeValueLength({ OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '1kb' })).to.throw(
      'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT must be a whole number of at least 0, not "1kb"',
    );
    await startTracing({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '-1' }).then(
      () => expect.fail('started'),
      (error: Error) => expect(error.message).to.include('OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT must be a whole number'),
    );
    expect(isTracing(), 'refused before the SDK was set up').to.equal(false);
  });
});
