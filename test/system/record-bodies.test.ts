import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect } from 'chai';
import { rawRequest } from '../helpers/raw.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

const MIB = 1024 * 1024;
const LARGE = 300 * MIB;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** `bytes` bytes, made as they are read: the test holds one chunk of them at a time. */
function generated(bytes: number): Readable {
  return Readable.from(
    (function* () {
      for (let left = bytes; left > 0; left -= CHUNK.length)
        yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    })(),
  );
}

/** How many bytes a stream carries, counted as they pass. */
async function countOf(stream: IncomingMessage): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

/** A target that counts what it is sent (/upload), sends as many bytes as asked (/download/<n>) and echoes (/echo). */
function startTarget(): Server {
  return createServer((req, res) => {
    const download = /^\/download\/(\d+)$/.exec(req.url ?? '');
    if (download) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': download[1] });
      void pipeline(generated(Number(download[1])), res);
    } else if (req.url === '/echo') {
      res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/octet-stream' });
      void pipeline(req, res);
    } else {
      void countOf(req).then((received) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received })),
      );
    }
  }).listen(0, '127.0.0.1');
}

/** JSON of exactly `bytes` bytes. */
const jsonOf = (bytes: number) => `{"pad":"${'a'.repeat(bytes - 10)}"}`;

describe('make record with large bodies (RECORD_BODY_LIMIT)', function () {
  this.timeout(600_000); // 600 MB through two processes on a busy machine
  let folder: string;
  let target: Server;
  let recorder: Recorder;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const lines = async (): Promise<any[]> =>
    (await readFile(join(folder, 'bodies.ndjson'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'record-bodies-'));
    target = startTarget();
    await once(target, 'listening');
    recorder = await startRecorder(
      `http://127.0.0.1:${(target.address() as AddressInfo).port}`,
      join(folder, 'bodies.ndjson'),
    );
  });
  after(async () => {
    await recorder.stop();
    target.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('when 300 MB are uploaded and 300 MB downloaded through it, then both pass whole, its memory stays under 300 MB, and the lines note their sizes', async () => {
    const { port } = new URL(recorder.proxy.url);
    const uploaded = new Promise<IncomingMessage>((resolve, reject) => {
      const upload = request(
        { host: '127.0.0.1', port, method: 'PUT', path: '/upload', headers: { 'content-length': String(LARGE) } },
        resolve,
      ).on('error', reject);
      pipeline(generated(LARGE), upload).catch(reject);
    });
    const answer = await uploaded;
    expect([answer.statusCode, JSON.parse(String(await answer.toArray().then(Buffer.concat)))]).to.deep.equal([
      200,
      { received: LARGE },
    ]);
    const downloaded = await new Promise<IncomingMessage>((resolve, reject) =>
      request({ host: '127.0.0.1', port, path: `/download/${LARGE}` }, resolve)
        .on('error', reject)
        .end(),
    );
    expect(await countOf(downloaded)).to.equal(LARGE);

    expect(recorder.peakBytes())
      .to.be.above(0)
      .and.below(300 * 1000 * 1000);
    const [upload, download] = await lines();
    expect([upload.request.bodyNotRecorded, upload.request.body, upload.response.body]).to.deep.equal([
      { bytes: LARGE, why: 'over RECORD_BODY_LIMIT (1048576 bytes)' },
      undefined,
      { received: LARGE },
    ]);
    expect([download.response.status, download.response.bodyNotRecorded, download.response.body]).to.deep.equal([
      200,
      { bytes: LARGE, why: 'over RECORD_BODY_LIMIT (1048576 bytes)' },
      undefined,
    ]);
  });

  it('when a body is exactly RECORD_BODY_LIMIT (default 1 MiB), then it is recorded whole; one byte more, then as a note of its size, passed on whole', async () => {
    const before = (await lines()).length;
    const atLimit = await rawRequest(
      recorder.proxy,
      'POST',
      '/echo',
      { 'content-type': 'application/json' },
      jsonOf(MIB),
    );
    const past = await rawRequest(
      recorder.proxy,
      'POST',
      '/echo',
      { 'content-type': 'application/json' },
      jsonOf(MIB + 1),
    );
    expect([atLimit.text, past.text]).to.deep.equal([jsonOf(MIB), jsonOf(MIB + 1)]);
    const [whole, noted] = (await lines()).slice(before);
    expect([
      whole.request.body.pad.length,
      whole.response.body.pad.length,
      whole.request.bodyNotRecorded,
    ]).to.deep.equal([MIB - 10, MIB - 10, undefined]);
    const note = { bytes: MIB + 1, why: 'over RECORD_BODY_LIMIT (1048576 bytes)' };
    expect([
      noted.request.bodyNotRecorded,
      noted.request.body,
      noted.response.bodyNotRecorded,
      noted.response.body,
    ]).to.deep.equal([note, undefined, note, undefined]);
  });

  it('when RECORD_BODY_LIMIT is set but empty, or is no size (or PORT no port), then make record refuses to start, naming it', async () => {
    const cases = [
      ['RECORD_BODY_LIMIT', ''],
      ['RECORD_BODY_LIMIT', 'lots'],
      ['PORT', 'abc'],
    ];
    for (const [name, value] of cases) {
      const started = await startRecorder(
        `http://127.0.0.1:${(target.address() as AddressInfo).port}`,
        join(folder, 'no.ndjson'),
        { [name!]: value! },
      ).then(
        async (running) => {
          await running.stop();
          return 'started';
        },
        (error: Error) => error.message,
      );
      expect(started, `${name}=${value}`).to.contain(`Recording refused: ${name}`).and.not.contain('    at ');
    }
  });
});
