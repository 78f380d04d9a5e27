let turn: Promise<void> | undefined;

/**
 * Resolves once this turn of the event loop has ended (in its check phase), the same promise for everything
 * that asks within one turn. A store that answers its writes here answers them together, as group commit does:
 * a turn's replies then reach their sockets back to back, instead of each waking the other side on its own.
 */
export function endOfTurn(): Promise<void> {
  return (turn ??= new Promise((resolve) =>
    setImmediate(() => {
      turn = undefined;
      resolve();
    }),
  ));
}
