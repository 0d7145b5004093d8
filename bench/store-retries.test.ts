import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClientCallBroker, ClientCallClosedError, ClientCallStoreUnavailableError } from "../runtime/server.js";
import { StoreRetries } from "./store-retries.js";

const unavailable = () => new ClientCallStoreUnavailableError("no answer from Redis within 2000 ms");

/** Work that fails as `failures` say, in turn, then returns "done"; `sent` counts its sendings. */
function flaky(...failures: Error[]) {
  const work = { sent: 0, run: async () => {} };
  work.run = async () => {
    const failure = failures[work.sent++];
    if (failure !== undefined) throw failure;
  };
  return work;
}

describe("StoreRetries", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("sends work again while the store is unavailable, and counts it", async () => {
    const retries = new StoreRetries();
    const work = flaky(unavailable(), unavailable());
    const done = retries.run(work.run);
    await vi.runAllTimersAsync();
    await expect(done).resolves.toBeUndefined();
    expect([work.sent, retries.count]).toEqual([3, 2]);
  });

  it("gives up after 20 sendings, and never sends again on another error", async () => {
    const retries = new StoreRetries();
    const stalled = flaky(...Array.from({ length: 30 }, unavailable));
    const given = retries.run(stalled.run).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await given).toBeInstanceOf(ClientCallStoreUnavailableError);
    expect(stalled.sent).toBe(20);
    const refused = flaky(new ClientCallClosedError("r1"));
    await expect(retries.run(refused.run)).rejects.toBeInstanceOf(ClientCallClosedError);
    expect(refused.sent).toBe(1);
  });

  it("fails `guard` and `check` with background work's failure, never leaving it unhandled", async () => {
    const retries = new StoreRetries();
    const waiting = retries.guard(new Promise(() => {}));
    retries.start(flaky(new Error("the answer was refused")).run);
    await expect(waiting).rejects.toThrow("the answer was refused");
    expect(() => retries.check()).toThrow("the answer was refused");
  });

  it("takes an answer sent again and refused as closed as the first one taken", async () => {
    const broker = new ClientCallBroker({ tools: [] });
    const submit = vi
      .spyOn(broker, "submit")
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(new ClientCallClosedError("r1"));
    const retries = new StoreRetries();
    retries.submit(broker, { requestId: "r1", owner: "alice", result: {} });
    await vi.runAllTimersAsync();
    expect(submit).toHaveBeenCalledTimes(2);
    expect(() => retries.check()).not.toThrow();

    // Refused as closed the first time it is sent: the call ended without it.
    submit.mockRejectedValueOnce(new ClientCallClosedError("r2"));
    retries.submit(broker, { requestId: "r2", owner: "alice", result: {} });
    await vi.runAllTimersAsync();
    expect(() => retries.check()).toThrow(ClientCallClosedError);
    await broker.close();
  });
});
