/** setTimeout's ceiling: a longer delay would fire at once. Callers re-check the deadline when it fires. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export type TimerHandle = ReturnType<typeof setTimeout>;

/**
 * A timer that never keeps a Node process alive (a pending call must not block exit);
 * in a browser, where timers have no `unref`, a plain timer.
 */
export function startTimer(callback: () => void, delayMs: number): TimerHandle {
  const handle = setTimeout(callback, Math.min(Math.max(delayMs, 0), MAX_TIMER_DELAY_MS));
  (handle as { unref?: () => unknown }).unref?.();
  return handle;
}
