import type { Socket } from 'node:net';

/**
 * A connection's idle bound on the owner's side: the clock runs only while the owner waits on the
 * client (for its command, for it to read what was sent, for its heartbeat while files are held),
 * and a wait in which no byte moved either way for `ms` calls `onIdle`. The owner's own work (a
 * snapshot starting, a checkpoint ending before files are held) never counts against the client.
 */
export class IdleBound {
  private wait = 0; // odd while a wait is on

  constructor(
    private readonly socket: Socket,
    readonly ms: number,
    onIdle: () => void,
  ) {
    // Node's socket timeout counts bytes either way, a write in progress included.
    socket.on('timeout', () => {
      const [wait, read] = [this.wait, socket.bytesRead];
      // A turn for I/O first: after a stall of the event loop, timers run before the bytes that came meanwhile are read.
      setImmediate(() => {
        if (this.wait === wait && socket.bytesRead === read && !socket.destroyed) onIdle();
      });
    });
  }

  /** Runs the clock until `waiting` settles. */
  async waitingOnClient<T>(waiting: Promise<T>): Promise<T> {
    this.wait++;
    this.socket.setTimeout(this.ms);
    try {
      return await waiting;
    } finally {
      this.wait++;
      this.socket.setTimeout(0);
    }
  }
}

/** Resolves when `socket` closes, however it closes. */
export const closed = (socket: Socket): Promise<void> =>
  new Promise((resolve) => {
    if (socket.closed) resolve();
    else socket.once('close', () => resolve());
  });
