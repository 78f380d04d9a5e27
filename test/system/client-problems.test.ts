import { expect } from 'chai';
import { createCollabClient, problemOf, type CycleTemplateDraftInput } from '../../generated/client/index.js';
import { clientFor, draft, ok, withBackends } from '../helpers/client-fixtures.js';
import { aDraft, uuid } from '../helpers/factories.js';

/** A call's result as openapi-fetch gives it, answered with a problem document of `status`. */
const problemResult = (status: number, body: object, type = 'application/problem+json') => ({
  error: body as { type: string; title: string; status: number; updatedAt?: string | null },
  response: new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } }),
});
const conflict = {
  type: 'urn:problem:collab:conflict',
  title: 'Conflict',
  status: 409,
  updatedAt: '2026-11-20T10:12:44.718Z',
};

describe('problemOf(result): the problem a call was answered with, typed by its operation', function () {
  this.timeout(120_000);
  const backends = withBackends();

  it("when a call is answered with a problem, then problemOf gives it, typed by the operation's declared problems: a draft save's 409 has updatedAt", async () => {
    const client = createCollabClient({
      baseUrl: backends.sandbox.url,
      headers: { 'X-Sandbox-Session': `problem-${uuid()}` },
    });
    const templateId = uuid();
    const body = { ...(aDraft() as unknown as CycleTemplateDraftInput), createOnly: true };
    const first = await client.PUT('/api/cycles/templates/{templateId}/draft', {
      params: { path: { templateId } },
      body,
    });
    const problem = problemOf(
      await client.PUT('/api/cycles/templates/{templateId}/draft', { params: { path: { templateId } }, body }),
    );
    expect(problem && 'updatedAt' in problem ? [problem.status, problem.updatedAt] : problem).to.deep.equal([
      409,
      first.data?.updatedAt,
    ]);
  });

  it("when the answer is a success, no problem document, or one whose status is not the response's, then undefined", () => {
    expect(problemOf(problemResult(409, conflict))).to.deep.equal(conflict);
    expect(problemOf(problemResult(404, conflict))).to.equal(undefined);
    expect(problemOf(problemResult(404, { status: 404 }))).to.equal(undefined);
    expect(problemOf(problemResult(409, conflict, 'application/json'))).to.equal(undefined);
    expect(problemOf({ response: new Response('{}', { status: 200 }) })).to.equal(undefined);
  });

  it('when the types are used wrongly, then the type check says so', async () => {
    const client = createCollabClient({ baseUrl: backends.sandbox.url });
    const result = await client.GET('/api/streams/{streamId}', { params: { path: { streamId: uuid() } } });
    const problem = problemOf(result);
    // @ts-expect-error getStream declares no problem with updatedAt
    expect(problem?.updatedAt).to.equal(undefined);
    expect(problem?.status).to.equal(404);
    // @ts-expect-error there is no such path
    await client.GET('/api/streamz').catch(() => undefined);
  });

  it('when a draft save conflicts (the service: a second createOnly save), then problemOf gives the 409, a DraftConflictProblem with the stored updatedAt', async () => {
    const client = clientFor(backends.service.url);
    const params = { path: { templateId: uuid() } };
    const stored = ok(await client.PUT('/api/cycles/templates/{templateId}/draft', { params, body: draft() }));
    const problem = problemOf(
      await client.PUT('/api/cycles/templates/{templateId}/draft', { params, body: draft({ createOnly: true }) }),
    );
    expect(problem).to.include({ status: 409, type: 'urn:problem:collab:conflict', updatedAt: stored.updatedAt });
  });

  it('when the mock is asked for a 409 (Prefer: code=409, example=stale), then the client reads the same typed problem', async () => {
    const client = clientFor(backends.mock.url, { Prefer: 'code=409, example=stale' });
    const problem = problemOf(
      await client.PUT('/api/cycles/templates/{templateId}/draft', {
        params: { path: { templateId: uuid() } },
        body: draft(),
      }),
    );
    expect(problem?.status).to.equal(409);
    if (problem && 'updatedAt' in problem)
      expect(problem.updatedAt).to.be.a('string'); // typed: only the 409 has updatedAt
    else expect.fail('the 409 is a DraftConflictProblem');
  });

  it('when a call is answered 400, then problemOf gives the errors naming each field', async () => {
    const client = clientFor(backends.service.url);
    const result = await client.PUT('/api/chat/reads', { body: { streamId: 'not-a-uuid', lastReadMessageId: uuid() } });
    expect(problemOf(result)?.errors?.map((field) => field.path)).to.deep.equal(['/body/streamId']);
    expect(problemOf({ response: new Response('not a problem', { status: 500 }) })).to.equal(undefined);
  });
});
