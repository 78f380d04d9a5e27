import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { startService, type Service } from '../helpers/service.js';

describe('HEAD (RFC 9110 §9.3.2: wherever GET is served)', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  for (const path of ['/healthz', '/readyz', '/metrics']) {
    it(`when a balancer probes HEAD ${path}, then it gets GET's status and headers, without a body`, async () => {
      const [head, get] = [await call(service, 'HEAD', path), await call(service, 'GET', path)];
      expect(head.status).to.equal(200);
      expect(head.body).to.equal('');
      expect(head.headers.get('content-type')).to.equal(get.headers.get('content-type'));
      expect(head.headers.get('x-request-id')).to.be.a('string');
    });
  }

  it('when HEAD asks for stored preferences, then it gets 200 with the Content-Length of the GET and no body', async () => {
    expect((await call(service, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } })).status).to.equal(200);
    const [head, get] = [
      await call(service, 'HEAD', '/api/streams/nav'),
      await call(service, 'GET', '/api/streams/nav'),
    ];
    expect(head.status).to.equal(200);
    expect(head.body).to.equal('');
    expect(head.headers.get('content-length')).to.equal(get.headers.get('content-length'));
  });

  it("when HEAD asks for what does not exist, then it gets the GET's 404, without a body", async () => {
    const head = await call(service, 'HEAD', '/api/streams/0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e');
    expect(head.status).to.equal(404);
    expect(head.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(head.body).to.equal('');
  });

  it('when HEAD is sent to a path that serves no GET, then it gets 405 naming the methods served', async () => {
    const head = await call(service, 'HEAD', '/api/chat/reads');
    expect(head.status).to.equal(405);
    expect(head.headers.get('allow')).to.equal('PUT');
  });
});
