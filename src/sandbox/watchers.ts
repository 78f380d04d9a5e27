/** Those told the name of a session that logged a request, was reset or dropped: the page's event streams. */
export class Watchers {
  private readonly held = new Set<(name: string) => void>();

  /** Calls `watcher` with each name told, until the function returned is called. */
  watch(watcher: (name: string) => void): () => void {
    this.held.add(watcher);
    return () => this.held.delete(watcher);
  }

  tell(name: string): void {
    for (const watcher of this.held) watcher(name);
  }
}
