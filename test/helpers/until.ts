/**
 * Polls `probe` every `everyMs` until it holds. No deadline but the test's own timeout: a
 * deadline of its own would fail a correct service on a busy machine.
 */
export async function until(probe: () => boolean | Promise<boolean>, everyMs = 10): Promise<void> {
  while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, everyMs));
}
