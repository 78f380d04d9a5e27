// The bench's table and its targets, from the rounds run.ts measured.
import { cpus } from 'node:os';
import type autocannon from 'autocannon';
import { CONNECTIONS, CORES, ms, row, SECONDS, type Server } from './harness.js';

export interface Contender {
  name: string;
  workload: string;
  /** Sets of servers loaded together (PostgreSQL's instances); round N loads set N modulo their number. */
  sets: Server[][];
  request: autocannon.Request;
  rounds: { perSecond: number; p50: number; p99: number; non2xx: number; cpuUs?: number; postgresCpuUs?: number }[];
  /** PostgreSQL's CPU seconds so far, for the rows on it: its CPU per request is then measured too. */
  postgresCpu?: () => number;
  stallMs?: number;
  rssMb?: number;
}

type Round = Contender['rounds'][number];
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const median = (entry: Contender) =>
  [...entry.rounds].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(entry.rounds.length / 2)]!;
/**
 * A ratio of two contenders (of requests/s unless `of` says otherwise), taken in each round
 * between their neighbouring runs, then the median of the rounds: the machine's speed
 * drifts less within a round.
 */
export const ratio = (part: Contender, whole: Contender, of = (run: Round) => run.perSecond) =>
  middle(part.rounds.map((run, index) => of(run) / of(whole.rounds[index]!)));
const percent = (value: number) => `${(100 * value).toFixed(0)}%`;
const hasCpu = (...entries: Contender[]) =>
  entries.every((entry) => entry.rounds.every((run) => run.cpuUs !== undefined));
const cpuOfRound = (run: Round) => run.cpuUs!;
/** "; they add N% service CPU per request", when /proc gave the CPU. */
const addedCpu = (part: Contender, whole: Contender) =>
  hasCpu(part, whole) ? `; they add ${percent(ratio(part, whole, cpuOfRound) - 1)} service CPU per request` : '';

/** The table: one row per contender, its ratio to the baseline of its workload. */
export function printTable(contenders: Contender[], baselines: Record<string, Contender>, rounds: number): void {
  const pinning = CORES
    ? `servers pinned to core ${CORES.server}, the load to core ${CORES.load}`
    : 'nothing pinned (one core, or no taskset)';
  console.log(
    `Node ${process.version}, ${cpus().length} cores, ${pinning}; ${CONNECTIONS} connections, ${rounds} interleaved rounds of ${SECONDS} s, median round`,
  );
  console.log('');
  console.log(
    row([
      'contender',
      'workload',
      'requests/s',
      'vs. baseline',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'service CPU µs/request',
      'longest event-loop stall ms',
      'peak RSS MiB',
    ]),
  );
  console.log(row(['---', '---', '---', '---', '---', '---', '---', '---', '---', '---']));
  for (const entry of contenders) {
    const { perSecond, p50, p99 } = median(entry);
    const non2xx = entry.rounds.reduce((sum, run) => sum + run.non2xx, 0);
    const baseline = baselines[entry.workload];
    const versus = !baseline || entry === baseline ? 'baseline' : percent(ratio(entry, baseline));
    const cpu = hasCpu(entry) ? ms(middle(entry.rounds.map(cpuOfRound))) : '-';
    console.log(
      row([
        entry.name,
        entry.workload,
        Math.round(perSecond),
        versus,
        ms(p50),
        ms(p99),
        non2xx,
        cpu,
        ms(entry.stallMs ?? 0),
        Math.round(entry.rssMb ?? 0),
      ]),
    );
  }
  console.log('');
}

/** One line per target: `part / whole` at least `target`, and when given, a p99 bound. */
export function printTarget(label: string, part: Contender, whole: Contender, target: number, p99Ms?: number): void {
  const p99 = p99Ms === undefined ? '' : `; p99 ${ms(median(part).p99)} ms (target: under ${p99Ms} ms)`;
  console.log(
    `${label}: ${percent(ratio(part, whole))} (target: at least ${percent(target)})${addedCpu(part, whole)}${p99}`,
  );
}

/** The median round's service CPU per request against a bound, in µs. */
export function printCpuTarget(label: string, entry: Contender, mostUs: number): void {
  if (!hasCpu(entry)) return;
  console.log(
    `${label}, service CPU per request: ${ms(middle(entry.rounds.map(cpuOfRound)))} µs (target: at most ${mostUs} µs)`,
  );
}

/** The median round's service CPU per request, in µs (undefined without /proc). */
export const medianCpu = (entry: Contender) => (hasCpu(entry) ? middle(entry.rounds.map(cpuOfRound)) : undefined);

/** A PostgreSQL row's CPU per request, the service's and PostgreSQL's (medians of the rounds), against lowdb's. */
export function printPostgresCpu(entry: Contender, lowdb: Contender): void {
  if (!hasCpu(entry, lowdb)) return;
  const own = middle(entry.rounds.map(cpuOfRound));
  const theirs = middle(lowdb.rounds.map(cpuOfRound));
  const postgres = entry.rounds.every((run) => run.postgresCpuUs !== undefined)
    ? `; PostgreSQL's own ${ms(middle(entry.rounds.map((run) => run.postgresCpuUs!)))} µs`
    : '';
  console.log(
    `${entry.name}, service CPU per write: ${ms(own)} µs (target: at most lowdb's, ${ms(theirs)} µs)${postgres}`,
  );
}

export function printNotes(postgresSkipped: string | undefined): void {
  console.log("Ratios are the median, over the rounds, of each round's ratio; requests/s is the median round.");
  console.log(
    "Service CPU is the service processes' user and system time over the requests they answered (PostgreSQL's own processes not counted).",
  );
  if (postgresSkipped) console.log(`${postgresSkipped}; run test/tools/postgres.sh`);
}
