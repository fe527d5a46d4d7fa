// Ends the current task, so the browser can paint and answer a tap before the rest runs: a long piece of
// work split with it is several short tasks instead of one long one (docs/performance.md).

interface Scheduler {
  yield?: () => Promise<void>;
}

/** `scheduler.yield()` where the browser has it (the rest runs before other queued tasks), else a timer. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
