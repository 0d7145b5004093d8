import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serialDebounce } from "./debounce.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A task that records its runs and finishes only when the test says so. */
function controlledTask() {
  const finishers: (() => void)[] = [];
  return {
    task: () => new Promise<void>((resolve) => finishers.push(resolve)),
    runs: () => finishers.length,
    finish: async (): Promise<void> => {
      finishers.at(-1)!();
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe("serialDebounce", () => {
  it("runs once for a burst of triggers, after the burst has been quiet for the delay", async () => {
    const { task, runs } = controlledTask();
    const debounced = serialDebounce(task, 100);
    for (let i = 0; i < 5; i++) {
      debounced.trigger();
      await vi.advanceTimersByTimeAsync(60);
    }
    expect(runs()).toBe(0);
    await vi.advanceTimersByTimeAsync(40);
    expect(runs()).toBe(1);
  });

  it("never runs twice at once: triggers during a run ask for one more run after it", async () => {
    const { task, runs, finish } = controlledTask();
    const debounced = serialDebounce(task, 100);
    debounced.trigger();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs()).toBe(1);
    debounced.trigger();
    await vi.advanceTimersByTimeAsync(100);
    debounced.trigger();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs()).toBe(1);
    await finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs()).toBe(2);
    await finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs()).toBe(2);
  });

  it("close cancels the run asked for and waits for the one in progress", async () => {
    const { task, runs, finish } = controlledTask();
    const debounced = serialDebounce(task, 100);
    debounced.trigger();
    await vi.advanceTimersByTimeAsync(100);
    debounced.trigger();
    let closed = false;
    const closing = debounced.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    await finish();
    await closing;
    debounced.trigger();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs()).toBe(1);
  });
});
