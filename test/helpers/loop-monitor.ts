/**
 * Measures how long the event loop is held at a time, in CPU time of this
 * thread rather than wall time, so a busy machine does not inflate it: a
 * setImmediate chain runs once per loop iteration, and each step records the
 * CPU time the thread spent since the last one.
 */
export function monitorLoop(): { stop(): number } {
  const cpu = (): number => {
    // threadCpuUsage (Node 23.9+) leaves out the GC's and libuv's threads; cpuUsage is the fallback.
    const usage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  let last = cpu();
  let longest = 0;
  let running = true;
  const tick = () => {
    const now = cpu();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop() {
      running = false;
      return longest;
    },
  };
}
