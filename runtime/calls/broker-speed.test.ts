import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { specs } from "./__fixtures__/tools.js";
import { ClientCallBroker } from "./broker.js";
import type { ClientCallOutcome } from "./outcome.js";

// The budgets from the design: a round trip in process well under 50 µs, and 10,000 open
// calls in under 50 MB. Real timers and the default in-memory store, as a server runs them.

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function answeringBroker(): ClientCallBroker {
  const broker = new ClientCallBroker({ tools: specs });
  broker.on("requested", ({ owner, request }) => {
    void broker.submit({ requestId: request.requestId, owner, attempt: request.attempt, result: { city: "Lyon" } });
  });
  return broker;
}

const call = (i: number) => ({ conversationId: "c1", owner: "alice", toolName: "get_location", toolCallId: `call_${i}`, args: { i } });

describe("ClientCallBroker speed and memory", () => {
  it("carries a call from dispatch through submit to its outcome in well under 50 µs", async () => {
    const broker = answeringBroker();
    // Warm up: compile the validator and let the JIT settle.
    for (let i = 0; i < 2_000; i++) await broker.dispatch(call(i));

    const rounds = 20_000;
    const start = performance.now();
    for (let i = 0; i < rounds; i++) await broker.dispatch(call(i));
    const microsPerCall = ((performance.now() - start) * 1000) / rounds;

    console.info(`dispatch -> submit -> outcome: ${microsPerCall.toFixed(2)} µs per call`);
    expect(microsPerCall).toBeLessThan(50);
    await broker.close();
  });

  it("holds 10,000 open calls in under 50 MB", async () => {
    const broker = new ClientCallBroker({ tools: specs });
    gc();
    const before = process.memoryUsage().heapUsed;
    const outcomes: Promise<ClientCallOutcome>[] = [];
    for (let i = 0; i < 10_000; i++) outcomes.push(broker.dispatch(call(i)));
    expect((await broker.pending({ owner: "alice" })).length).toBe(10_000);
    gc();
    const megabytes = (process.memoryUsage().heapUsed - before) / 2 ** 20;

    console.info(`10,000 open calls: ${megabytes.toFixed(1)} MB`);
    expect(megabytes).toBeLessThan(50);
    await broker.close();
    expect((await Promise.all(outcomes)).every((o) => o.status === "cancelled")).toBe(true);
  });
});
