/** What make record keeps of one body as it passes: all of it up to `limit` bytes, else only how many bytes passed. */
export class KeptBody {
  private chunks: Buffer[] = [];
  bytes = 0;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes <= this.limit) this.chunks.push(chunk);
    else this.chunks = []; // past the limit only its size is recorded, so nothing more is held
  }

  get over(): boolean {
    return this.bytes > this.limit;
  }

  /** The bytes, when all of them were kept. */
  whole(): Buffer | undefined {
    return this.over ? undefined : Buffer.concat(this.chunks, this.bytes);
  }
}
