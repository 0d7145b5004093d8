import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alicePage, floodAnswers } from "../__fixtures__/flood.js";
import { type ReadmeServer, startReadmeServer } from "../__fixtures__/readme-server.js";

// One logged-in client floods the README's server (in a process of its own, on Redis when the suite
// has one) with small answer frames for calls it does not have, while another owner's page takes
// its calls at the same instance.

let server: ReadmeServer;
beforeEach(async () => {
  const redis = process.env["GCT_REDIS_URL"];
  server = await startReadmeServer(redis === undefined ? {} : { GCT_REDIS_URL: redis });
});
afterEach(() => server.stop());

const FRAMES = 100_000;

/** Alice's call's outcome once it ended (the server's /outcome route), waiting up to 10 s. */
async function outcomeOf(call: string): Promise<unknown> {
  for (let waited = 0; waited < 200; waited++) {
    const response = await server.fetch("alice", `/outcome/${call}`);
    if (response.status === 200) return response.json();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no outcome for ${call}`);
}

describe("a flood of small answer frames", () => {
  it(`${FRAMES.toLocaleString("en")} answers for unknown calls from one socket: each refused, one a turn, another owner served in under 250 ms, one report at most`, {
    timeout: 120_000,
  }, async () => {
    const page = await alicePage(server.port);
    await server.report();
    const flooding = floodAnswers(server.port, FRAMES);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const latencies: number[] = [];
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      const response = await server.fetch("alice", "/dispatch", {
        body: { conversationId: "c_alice", toolName: "get_location", toolCallId: `call_${round}`, args: {} },
      });
      latencies.push(performance.now() - started);
      expect(response.status).toBe(202);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const statuses = await flooding;
    for (let round = 0; round < 5; round++) {
      const outcome = await outcomeOf(`c_alice/call_${round}`);
      expect(outcome).toMatchObject({ status: "ok", result: { city: "Lyon" } });
    }
    expect([...page.delivered.keys()].sort()).toEqual(["call_0", "call_1", "call_2", "call_3", "call_4"]);
    page.close();
    const median = latencies.sort((a, b) => a - b)[2]!;
    const report = await server.report();
    console.log(
      `flood: replies ${JSON.stringify(statuses)}, the server's longest pause ${report.maxLoopDelayMs.toFixed(0)} ms`,
    );
    console.log(`flood: alice's requests took ${latencies.map((ms) => ms.toFixed(0)).join(", ")} ms`);
    expect(median).toBeLessThan(250);
    // Every frame is refused (each is taken in its own turn, none at once).
    expect((statuses["404"] ?? 0) + (statuses["429"] ?? 0)).toBe(FRAMES);
    expect(report.maxLoopDelayMs).toBeLessThan(250);
    expect(report.errors.length).toBeLessThanOrEqual(1);
  });
});
