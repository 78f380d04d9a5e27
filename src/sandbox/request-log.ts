import type { RedactHeaders } from '../contract/redact.js';
import { listedHeaders } from './logged-headers.js';
import { JSON_MEMBERS, type KeptRequest, type LoggedRequest } from './logged-entry.js';

/** The most requests a session's log keeps; older ones are dropped. */
export const LOG_SIZE = 100;
/** The most bytes a session's log holds (its entries' text, and ENTRY_BYTES each); older requests are dropped past it. */
export const LOG_BYTES = 1024 * 1024;
/** What an entry costs beyond its strings' bytes: the object holding them, and each string's header. */
export const ENTRY_BYTES = 200;

/** What `entry` takes as held: ENTRY_BYTES, and the UTF-8 bytes of its strings. */
export function bytesOf(entry: KeptRequest): number {
  let bytes = ENTRY_BYTES;
  for (const value of Object.values(entry)) if (typeof value === 'string') bytes += Buffer.byteLength(value);
  return bytes;
}

/** A session's last requests, at most LOG_SIZE and LOG_BYTES; newest first. A ring: adding one moves nothing. */
export class RequestLog {
  private readonly entries: (Numbered | undefined)[] = new Array(LOG_SIZE);
  private next = 0;
  /** Requests ever added: the last one's number. */
  private added = 0;
  private count = 0;
  private held = 0;

  /** `redact`: how its headers are shown (headerRedactor, from the contract's secrets); `cap`: the most bytes it holds. */
  constructor(
    private readonly redact: RedactHeaders,
    readonly cap = LOG_BYTES,
  ) {}

  /** The bytes its entries take (bytesOf each). */
  get bytes(): number {
    return this.held;
  }

  /** Requests ever added, dropped ones included. */
  get total(): number {
    return this.added;
  }

  /** When the newest request kept was answered. */
  get lastAt(): string | undefined {
    return this.count === 0 ? undefined : this.entries[(this.next - 1 + LOG_SIZE) % LOG_SIZE]?.entry.at;
  }

  /** Adds `entry` as the next number; drops the oldest past either bound (LOG_SIZE, its `cap`). */
  add(entry: KeptRequest): void {
    if (this.count === LOG_SIZE) this.dropOldest();
    const bytes = bytesOf(entry);
    this.entries[this.next] = { n: ++this.added, entry, bytes };
    this.next = (this.next + 1) % LOG_SIZE;
    this.count++;
    this.held += bytes;
    this.shrinkTo(this.cap);
  }

  /** Drops the oldest requests until it holds at most `bytes`; the newest stays, whatever its size. */
  shrinkTo(bytes: number): void {
    while (this.held > bytes && this.count > 1) this.dropOldest();
  }

  /** Its requests, newest first, their JSON members parsed. */
  list(): LoggedRequest[] {
    return this.kept().map((kept) => parsed(kept, this.redact));
  }

  /** Request `n`, parsed, while it is kept. */
  find(n: number): LoggedRequest | undefined {
    const kept = this.kept().find((numbered) => numbered.n === n);
    return kept && parsed(kept, this.redact);
  }

  /** `list()` as JSON, the text kept spliced in: nothing is parsed. */
  json(): string {
    const items = this.kept().map(({ n, entry }) => {
      let text = JSON.stringify({ ...plainOf(n, entry), ...listedHeaders(entry, this.redact) }).slice(0, -1);
      for (const name of JSON_MEMBERS) if (entry[name] !== undefined) text += `,"${name}":${entry[name]}`;
      return `${text}}`;
    });
    return `[${items.join(',')}]`;
  }

  private kept(): Numbered[] {
    const newestFirst: Numbered[] = [];
    for (let back = 1; back <= this.count; back++) {
      const kept = this.entries[(this.next - back + LOG_SIZE) % LOG_SIZE];
      if (kept) newestFirst.push(kept);
    }
    return newestFirst;
  }

  private dropOldest(): void {
    const oldest = (this.next - this.count + LOG_SIZE) % LOG_SIZE;
    this.held -= this.entries[oldest]?.bytes ?? 0;
    this.entries[oldest] = undefined;
    this.count--;
  }
}

interface Numbered {
  n: number;
  entry: KeptRequest;
  bytes: number;
}

const KEPT_APART = new Set<string>([...JSON_MEMBERS, 'requestHeaders', 'responseHead']);

/** Entry `n`'s members kept as they are listed. */
function plainOf(n: number, entry: KeptRequest): Record<string, unknown> {
  const plain: Record<string, unknown> = { n };
  for (const [name, value] of Object.entries(entry)) if (!KEPT_APART.has(name)) plain[name] = value;
  return plain;
}

/** Entry `n` as listed: its plain members, its headers, then its JSON members parsed, in the order json() splices them. */
function parsed({ n, entry }: Numbered, redact: RedactHeaders): LoggedRequest {
  const listed: Record<string, unknown> = { ...plainOf(n, entry), ...listedHeaders(entry, redact) };
  for (const name of JSON_MEMBERS) if (entry[name] !== undefined) listed[name] = JSON.parse(entry[name]);
  return listed as unknown as LoggedRequest;
}
