/**
 * How long a burst of file events must be quiet before a run (the CLI's watch mode and the
 * Vite dev server): one editor save is several events within milliseconds. Longer than the
 * 50 ms within which chokidar drops a second change of one file, so a run always reads the
 * last write.
 */
export const QUIET_MS = 100;

/** A task run by `serialDebounce`. */
export interface DebouncedRuns {
  /** Asks for a run: it starts once the calls have been quiet for the delay. */
  trigger(): void;
  /** Cancels the run asked for, and waits for the one in progress. */
  close(): Promise<void>;
}

/**
 * Runs `task` once a burst of `trigger()` calls has been quiet for `delayMs` (an editor's save
 * is several events: write, rename, chmod), never two at once: a trigger during a run asks for
 * one more run after it. `task` must not reject: it reports its own problems.
 */
export function serialDebounce(task: () => Promise<void>, delayMs: number): DebouncedRuns {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const trigger = (): void => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(start, delayMs);
  };
  const start = (): void => {
    timer = undefined;
    if (running !== undefined) {
      again = true;
      return;
    }
    running = task().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        trigger();
      }
    });
  };
  return {
    trigger,
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
