import { expect } from 'chai';
import { isDateTime, isTimeOfDay, isUuid } from '../../src/contract/formats.js';
import { loadSpec } from '../../src/contract/spec.js';
import {
  DATE_TIMES_INVALID,
  DATE_TIMES_VALID,
  TIMES_INVALID,
  TIMES_VALID,
  UUIDS_INVALID,
  UUIDS_VALID,
  type Case,
} from '../helpers/format-cases.js';
import { call, pathsOf } from '../helpers/client.js';
import { aDraft, anAvailability, aPhase, uuid } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';

describe('strict formats over HTTP', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  const markRead = (streamId: string) =>
    call(service, 'PUT', '/api/chat/reads', { body: { streamId, lastReadMessageId: uuid() } });
  const viewedAt = (value: string) =>
    call(service, 'PATCH', '/api/streams/nav', { body: { lastViewedAt: { stream: value } } });
  const startAt = (value: string) =>
    call(service, 'PATCH', '/api/notifications/settings', { body: { availability: anAvailability({ start: value }) } });

  const table = (
    name: string,
    send: (value: string) => ReturnType<typeof call>,
    path: string,
    valid: Case[],
    invalid: Case[],
  ) =>
    describe(name, () => {
      for (const { value, why } of valid) {
        it(`when it is ${why} (${JSON.stringify(value)}), then it is accepted`, async () => {
          const reply = await send(value);
          expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
        });
      }
      for (const { value, why } of invalid) {
        it(`when it is ${why} (${JSON.stringify(value)}), then 400 names ${path}`, async () => {
          const reply = await send(value);
          expect(reply.status).to.equal(400);
          expect(pathsOf(reply)).to.deep.equal([path]);
        });
      }
    });

  table('uuid', markRead, '/body/streamId', UUIDS_VALID, UUIDS_INVALID);
  table('date-time', viewedAt, '/body/lastViewedAt/stream', DATE_TIMES_VALID, DATE_TIMES_INVALID);
  table('HH:MM', startAt, '/body/availability/start', TIMES_VALID, TIMES_INVALID);

  it('when a uuid is sent in upper case, then it is stored and returned in lower case', async () => {
    const streamId = 'F47AC10B-58CC-4372-A567-0E02B2C3D479';
    const reply = await markRead(streamId);
    expect(reply.body.streamId).to.equal(streamId.toLowerCase());
  });

  it('when every value declared uuid is sent in upper case, then each comes back in lower case; other ids as sent', async () => {
    const upper = () => uuid().toUpperCase();
    const [templateId, id, agentId, sourcePhaseId, assetId] = [upper(), upper(), upper(), upper(), upper()];
    const draft = await call(service, 'PUT', `/api/cycles/templates/${templateId}/draft`, {
      body: aDraft({ phasesTemplate: [aPhase({ id, agentId, sourcePhaseId, assetIds: [assetId] })] }),
    });
    expect(draft.body.templateId).to.equal(templateId.toLowerCase());
    expect(draft.body.phasesTemplate[0]).to.deep.include({
      id: id.toLowerCase(),
      agentId: agentId.toLowerCase(),
      sourcePhaseId: sourcePhaseId.toLowerCase(),
      assetIds: [assetId],
    });
    const blocks = [{ type: 'rich_text', elements: [], assetId }];
    const stream = await call(service, 'POST', '/api/streams', {
      body: { title: 't', initialMessage: { content: { blocks }, assetIds: [assetId] } },
    });
    expect(stream.body.initialMessage).to.deep.include({
      assetIds: [assetId],
      content: { blocks: [{ ...blocks[0], assetId: assetId.toLowerCase() }] },
    });
    const [threadSessionId, lastReadMessageId] = [upper(), upper()];
    const marker = await call(service, 'PUT', '/api/chat/reads', {
      body: { streamId: uuid(), threadSessionId, lastReadMessageId },
    });
    expect(marker.body).to.deep.include({
      threadSessionId: threadSessionId.toLowerCase(),
      lastReadMessageId: lastReadMessageId.toLowerCase(),
    });
  });
});

describe('the pattern beside each format in openapi.yaml', () => {
  const schemas = loadSpec().components.schemas;
  const patternOf = (schema: string, property?: string): RegExp => {
    const target = property
      ? (schemas[schema]?.properties as Record<string, { pattern: string }>)[property]
      : schemas[schema];
    return new RegExp((target as { pattern: string }).pattern, 'u');
  };

  const agree = (name: string, pattern: RegExp, format: (v: string) => boolean, valid: Case[], invalid: Case[]) => {
    it(`${name}: the pattern and the format accept the same valid values`, () => {
      for (const { value } of valid) expect([pattern.test(value), format(value)], value).to.deep.equal([true, true]);
    });
    it(`${name}: the pattern rejects every invalid value but those marked formatOnly; the format rejects all`, () => {
      for (const { value, formatOnly } of invalid) {
        expect([pattern.test(value), format(value)], value).to.deep.equal([formatOnly === true, false]);
      }
    });
  };

  agree('uuid', patternOf('Uuid'), isUuid, UUIDS_VALID, UUIDS_INVALID);
  agree('date-time', patternOf('Stream', 'createdAt'), isDateTime, DATE_TIMES_VALID, DATE_TIMES_INVALID);
  agree('HH:MM', patternOf('Availability', 'start'), isTimeOfDay, TIMES_VALID, TIMES_INVALID);
});
