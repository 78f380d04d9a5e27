import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { call } from './helpers/client.js';
import { freshDataFile, startService } from './helpers/service.js';

describe('a write the disk refuses', () => {
  it('when a shard cannot be written, then the request gets a 500 problem; once it can, the next write stores everything', async () => {
    const dataFile = await freshDataFile();
    let service = await startService({ dataFile });
    try {
      await call(service, 'PATCH', '/api/identity/settings/p', { body: { patch: { first: 1 } } });
      const folder = join(`${dataFile}.d`, 'identitySettings');
      const [shard] = await readdir(folder);
      await rm(join(folder, shard!));
      await mkdir(join(folder, shard!)); // a directory where the shard file goes: the rename over it fails

      const refused = await call(service, 'PATCH', '/api/identity/settings/p', { body: { patch: { second: 2 } } });
      expect(refused.status).to.equal(500);
      expect(refused.body).to.include({ type: 'urn:problem:collab:internal', detail: 'Something went wrong on our side.' });

      await rm(join(folder, shard!), { recursive: true });
      const stored = await call(service, 'PATCH', '/api/identity/settings/p', { body: { patch: { third: 3 } } });
      expect(stored.status).to.equal(200);
      await service.close();
      service = await startService({ dataFile });
      expect((await call(service, 'GET', '/api/identity/settings/p')).body.settings).to.deep.equal({ first: 1, second: 2, third: 3 });
    } finally {
      await service.close();
    }
  });
});
