// How run.ts measures: its contenders, made of server processes, and one round of one of them.
import type autocannon from 'autocannon';
import { CONNECTIONS, load, SECONDS, type Server } from './harness.js';
import type { Contender } from './report.js';

export function contender(name: string, workload: string, request: autocannon.Request, sets: Server[][]): Contender {
  return { name, workload, sets, request, rounds: [] };
}

/** `count` processes of one server, each a set of its own, started one after another. */
export async function alternates(count: number, start: () => Promise<Server>): Promise<Server[][]> {
  const sets: Server[][] = [];
  for (let index = 0; index < count; index++) sets.push([await start()]);
  return sets;
}

/** CPU seconds `servers` have used (undefined without /proc). */
const cpuOf = (servers: Server[]) =>
  servers.reduce<number | undefined>((sum, server) => {
    const used = server.cpuSeconds();
    return sum === undefined || used === undefined ? undefined : sum + used;
  }, 0);

/**
 * One round of a contender: one set of its servers loaded at once, the connections shared; writes/s summed, latency the
 * slowest, CPU the servers' total per request (steadier than writes/s on a shared machine: it leaves out waiting).
 */
export async function round(entry: Contender, index: number, seconds = SECONDS): Promise<void> {
  const servers = entry.sets[index % entry.sets.length]!;
  const connections = CONNECTIONS / servers.length;
  for (const server of servers) server.resume();
  await Promise.all(servers.map((server) => server.toggleStallWindow()));
  const cpuBefore = cpuOf(servers);
  const postgresBefore = entry.postgresCpu?.();
  const results = await Promise.all(servers.map((server) => load(server.port, entry.request, seconds, connections)));
  const cpuAfter = cpuOf(servers);
  const postgresAfter = entry.postgresCpu?.();
  await Promise.all(servers.map((server) => server.toggleStallWindow()));
  for (const server of servers) server.pause();
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  entry.rounds.push({
    cpuUs: cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / requests,
    perSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    ...(postgresBefore === undefined || postgresAfter === undefined
      ? {}
      : { postgresCpuUs: ((postgresAfter - postgresBefore) * 1e6) / requests }),
  });
}
