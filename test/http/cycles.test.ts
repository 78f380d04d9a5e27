import { expect } from 'chai';
import { call, pathsOf } from '../helpers/client.js';
import { aDraft, aPhase, text, uuid } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';

const EMOJI = '🚀';

describe('PUT /api/cycles/templates/{templateId}/draft', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  const save = (body: unknown, templateId = uuid()) =>
    call(service, 'PUT', `/api/cycles/templates/${templateId}/draft`, { body });
  const read = (templateId: string) => call(service, 'GET', `/api/cycles/templates/${templateId}/draft`);
  const expectRejected = async (body: unknown, paths: string[]) => {
    const reply = await save(body);
    expect(reply.status).to.equal(400);
    expect(pathsOf(reply)).to.have.members(paths);
  };

  describe('the draft body', () => {
    it('when a draft is first saved, then 201 returns it with createdAt, updatedAt, updatedBy; GET reads it back', async () => {
      const templateId = uuid();
      const draft = aDraft({ phasesTemplate: [aPhase({ assetIds: ['a'], sourcePhaseId: uuid() })] });
      const reply = await save(draft, templateId);
      expect(reply.status).to.equal(201);
      expect(reply.body).to.deep.include({ templateId, ...draft, updatedBy: 'local' });
      expect(reply.body.createdAt).to.equal(reply.body.updatedAt);
      expect((await read(templateId)).body).to.deep.equal(reply.body);
    });
    it('when the draft is saved again, then 200 replaces it, keeps createdAt and advances updatedAt', async () => {
      const templateId = uuid();
      const first = await save(aDraft(), templateId);
      const second = await save(aDraft({ triggerName: 'renamed', description: null }), templateId);
      expect(second.status).to.equal(200);
      expect(second.body).to.include({ triggerName: 'renamed', description: null, createdAt: first.body.createdAt });
      expect(second.body.updatedAt > first.body.updatedAt).to.equal(true);
    });
    it('when createOnly and expectedDraftUpdatedAt are sent, then they are not stored', async () => {
      const reply = await save(aDraft({ createOnly: false }));
      expect(reply.body).to.not.have.any.keys('createOnly', 'expectedDraftUpdatedAt');
    });
    it('when no draft exists, then GET is 404; when the template id is no uuid, then 400', async () => {
      expect((await read(uuid())).status).to.equal(404);
      const bad = await call(service, 'PUT', '/api/cycles/templates/123/draft', { body: aDraft() });
      expect(bad.status).to.equal(400);
      expect(pathsOf(bad)).to.deep.equal(['/params/templateId']);
    });
  });

  describe('bounds and patterns', () => {
    const ok = async (body: unknown) => {
      const reply = await save(body);
      expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      return reply;
    };
    it('triggerName: 1 and 64 characters accepted; 0 and 65 rejected', async () => {
      await ok(aDraft({ triggerName: 'a' }));
      await ok(aDraft({ triggerName: `a${text(63, '-')}` }));
      await expectRejected(aDraft({ triggerName: '' }), ['/body/triggerName']);
      await expectRejected(aDraft({ triggerName: text(65) }), ['/body/triggerName']);
    });
    it('triggerName: a lowercase letter or digit first, then lowercase letters, digits, hyphens', async () => {
      for (const name of ['0', '9-lives', 'a-b-c', 'abc123', 'x--']) await ok(aDraft({ triggerName: name }));
      for (const name of ['-a', 'A', 'aB', 'a_b', 'a b', 'é', 'a.b', 'a\n']) {
        await expectRejected(aDraft({ triggerName: name }), ['/body/triggerName']);
      }
    });
    it('description: null and 5000 characters accepted; 5001 rejected; it is required', async () => {
      await ok(aDraft({ description: null }));
      await ok(aDraft({ description: text(5000, EMOJI) }));
      await ok(aDraft({ description: '' }));
      await expectRejected(aDraft({ description: text(5001) }), ['/body/description']);
      const { description: _omitted, ...noDescription } = aDraft();
      await expectRejected(noDescription, ['/body/description']);
    });
    it('phasesTemplate: 1 and 20 phases accepted; 0 and 21 rejected', async () => {
      await ok(aDraft({ phasesTemplate: [aPhase()] }));
      await ok(aDraft({ phasesTemplate: Array.from({ length: 20 }, () => aPhase()) }));
      await expectRejected(aDraft({ phasesTemplate: [] }), ['/body/phasesTemplate']);
      await expectRejected(aDraft({ phasesTemplate: Array.from({ length: 21 }, () => aPhase()) }), [
        '/body/phasesTemplate',
      ]);
    });
    it('goal: 1 and 2000 characters accepted; 0 and 2001 rejected', async () => {
      await ok(aDraft({ phasesTemplate: [aPhase({ goal: 'g' })] }));
      await ok(aDraft({ phasesTemplate: [aPhase({ goal: text(2000, EMOJI) })] }));
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ goal: '' })] }), ['/body/phasesTemplate/0/goal']);
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ goal: text(2001) })] }), ['/body/phasesTemplate/0/goal']);
    });
    it('instructions: null, empty and 2000 characters accepted; 2001 rejected', async () => {
      for (const instructions of [null, '', text(2000, EMOJI)])
        await ok(aDraft({ phasesTemplate: [aPhase({ instructions })] }));
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ instructions: text(2001) })] }), [
        '/body/phasesTemplate/0/instructions',
      ]);
    });
    it('phaseName: null, empty and 80 characters accepted; 81 rejected', async () => {
      for (const phaseName of [null, '', text(80, EMOJI)])
        await ok(aDraft({ phasesTemplate: [aPhase({ phaseName })] }));
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ phaseName: text(81) })] }), [
        '/body/phasesTemplate/0/phaseName',
      ]);
    });
    it('operatorPool: 0 and 100 items accepted; 101 rejected', async () => {
      await ok(aDraft({ phasesTemplate: [aPhase({ operatorPool: [] })] }));
      await ok(aDraft({ phasesTemplate: [aPhase({ operatorPool: Array.from({ length: 100 }, (_, i) => `op${i}`) })] }));
      const tooMany = Array.from({ length: 101 }, (_, i) => `op${i}`);
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ operatorPool: tooMany })] }), [
        '/body/phasesTemplate/0/operatorPool',
      ]);
    });
    it('assetIds: 10 items accepted; 11 rejected', async () => {
      await ok(aDraft({ phasesTemplate: [aPhase({ assetIds: Array.from({ length: 10 }, (_, i) => `a${i}`) })] }));
      const tooMany = Array.from({ length: 11 }, (_, i) => `a${i}`);
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ assetIds: tooMany })] }), [
        '/body/phasesTemplate/0/assetIds',
      ]);
    });
    it('agentId and sourcePhaseId may be null; id may not; each must be a uuid', async () => {
      await ok(aDraft({ phasesTemplate: [aPhase({ agentId: null, sourcePhaseId: null })] }));
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ id: null })] }), ['/body/phasesTemplate/0/id']);
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ agentId: 'agent-7' })] }), [
        '/body/phasesTemplate/0/agentId',
      ]);
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ sourcePhaseId: 'p' })] }), [
        '/body/phasesTemplate/0/sourcePhaseId',
      ]);
    });
    it('autoAdvance must be a boolean; null is rejected', async () => {
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ autoAdvance: null })] }), [
        '/body/phasesTemplate/0/autoAdvance',
      ]);
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ autoAdvance: 'false' })] }), [
        '/body/phasesTemplate/0/autoAdvance',
      ]);
    });
    for (const field of ['id', 'agentId', 'goal', 'instructions', 'autoAdvance', 'phaseName', 'operatorPool']) {
      it(`when a phase lacks ${field}, then 400 names it`, async () => {
        const { [field]: _omitted, ...phase } = aPhase();
        await expectRejected(aDraft({ phasesTemplate: [aPhase(), phase] }), [`/body/phasesTemplate/1/${field}`]);
      });
    }
    for (const field of ['triggerName', 'phasesTemplate']) {
      it(`when the draft lacks ${field}, then 400 names it`, async () => {
        const { [field]: _omitted, ...draft } = aDraft();
        await expectRejected(draft, [`/body/${field}`]);
      });
    }
    it('when two phases share an id (in any case), then 400 names the repeat', async () => {
      const id = uuid();
      await expectRejected(aDraft({ phasesTemplate: [aPhase({ id }), aPhase(), aPhase({ id: id.toUpperCase() })] }), [
        '/body/phasesTemplate/2/id',
      ]);
    });
    it('when expectedDraftUpdatedAt is no date-time, then 400 names it', async () => {
      await expectRejected(aDraft({ expectedDraftUpdatedAt: '2024-02-30T00:00:00Z' }), [
        '/body/expectedDraftUpdatedAt',
      ]);
    });
  });

  describe('createOnly and expectedDraftUpdatedAt', () => {
    it('when createOnly is true and no draft exists, then 201', async () => {
      expect((await save(aDraft({ createOnly: true }))).status).to.equal(201);
    });
    it('when createOnly is true and a draft exists, then 409 with its updatedAt, and the draft is unchanged', async () => {
      const templateId = uuid();
      const first = await save(aDraft(), templateId);
      const conflict = await save(aDraft({ createOnly: true, triggerName: 'other' }), templateId);
      expect(conflict.status).to.equal(409);
      expect(conflict.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(conflict.body).to.include({
        type: 'urn:problem:collab:conflict',
        status: 409,
        updatedAt: first.body.updatedAt,
      });
      expect((await read(templateId)).body).to.deep.equal(first.body);
    });
    it('when expectedDraftUpdatedAt names the stored instant, then the save succeeds', async () => {
      const templateId = uuid();
      const first = await save(aDraft(), templateId);
      const reply = await save(
        aDraft({ expectedDraftUpdatedAt: first.body.updatedAt, triggerName: 'next' }),
        templateId,
      );
      expect(reply.status).to.equal(200);
      expect(reply.body.triggerName).to.equal('next');
    });
    it('when expectedDraftUpdatedAt names the same instant in another offset or precision, then it matches', async () => {
      const templateId = uuid();
      const first = await save(aDraft(), templateId);
      const stored = new Date(first.body.updatedAt);
      const shifted = new Date(stored.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00');
      expect((await save(aDraft({ expectedDraftUpdatedAt: shifted }), templateId)).status).to.equal(200);
      const second = await read(templateId);
      expect(
        (await save(aDraft({ expectedDraftUpdatedAt: second.body.updatedAt.replace('Z', '000Z') }), templateId)).status,
      ).to.equal(200);
    });
    it('when expectedDraftUpdatedAt is stale, then 409 carries the current updatedAt and nothing changes', async () => {
      const templateId = uuid();
      const first = await save(aDraft(), templateId);
      const second = await save(aDraft({ triggerName: 'second' }), templateId);
      const stale = await save(
        aDraft({ expectedDraftUpdatedAt: first.body.updatedAt, triggerName: 'third' }),
        templateId,
      );
      expect(stale.status).to.equal(409);
      expect(stale.body.updatedAt).to.equal(second.body.updatedAt);
      expect((await read(templateId)).body.triggerName).to.equal('second');
    });
    it('when expectedDraftUpdatedAt differs by a sub-millisecond fraction, then 409', async () => {
      const templateId = uuid();
      const first = await save(aDraft(), templateId);
      const near = first.body.updatedAt.replace('Z', '1Z');
      expect((await save(aDraft({ expectedDraftUpdatedAt: near }), templateId)).status).to.equal(409);
    });
    it('when expectedDraftUpdatedAt is a leap second, then it is a valid instant that names no stored draft: 409', async () => {
      const templateId = uuid();
      const first = await save(aDraft(), templateId);
      const reply = await save(aDraft({ expectedDraftUpdatedAt: '2016-12-31T23:59:60Z' }), templateId);
      expect(reply.status, JSON.stringify(reply.body)).to.equal(409);
      expect(reply.body.updatedAt).to.equal(first.body.updatedAt);
    });
    it('when expectedDraftUpdatedAt is given and no draft exists, then 409 with updatedAt null', async () => {
      const reply = await save(aDraft({ expectedDraftUpdatedAt: '2026-01-01T00:00:00Z' }));
      expect(reply.status).to.equal(409);
      expect(reply.body.updatedAt).to.equal(null);
    });
    it('when saved many times at once, then every updatedAt is distinct and increasing', async () => {
      const templateId = uuid();
      const replies = await Promise.all(Array.from({ length: 25 }, () => save(aDraft(), templateId)));
      const stamps = replies.map((reply) => reply.body.updatedAt as string);
      expect(new Set(stamps).size).to.equal(25);
      expect(replies.filter((reply) => reply.status === 201)).to.have.length(1);
      expect((await read(templateId)).body.updatedAt).to.equal([...stamps].sort().at(-1));
    });
  });
});
