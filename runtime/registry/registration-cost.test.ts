import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ReadmeServer, startReadmeServer } from "../server/__fixtures__/readme-server.js";

// Registrations whose patterns cost the most to compile, sent to the README's server (in a process
// of its own) while another user's requests are served there.

let server: ReadmeServer;
beforeEach(async () => {
  server = await startReadmeServer();
});
afterEach(() => server.stop());

/** A tool whose string properties each carry `pattern`. */
const toolWith = (name: string, pattern: string, count: number) => ({
  name,
  description: "Patterns that are costly to compile.",
  parameters: {
    type: "object",
    properties: Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`p${i}`, { type: "string", pattern: `${pattern}${i}` }]),
    ),
  },
});

/** Another user's requests while `during` runs: how long each took. */
async function whileServing(during: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void during.finally(() => (done = true));
  while (!done || latencies.length < 3) {
    const started = performance.now();
    // A route that does next to nothing: what is measured is the wait.
    expect((await server.fetch("alice", "/outcome/none/none")).status).toBe(404);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

describe("a registration's patterns", () => {
  it("within the budget, registrations at its edge, one after another, hold another user's requests under 250 ms", {
    timeout: 60_000,
  }, async () => {
    // 5 × [a-z]{1,999}: the slowest kind of pattern measured, 9,985 of the 10,000 instructions.
    const statuses: number[] = [];
    const registrations = (async () => {
      for (const n of [1, 2, 3, 4]) {
        const body = { client_tools: [toolWith(`edge_${n}`, "^[a-z]{1,999}", 5)] };
        statuses.push((await server.fetch("mallory", `/conversations/edge_${n}`, { body })).status);
      }
    })();
    const latencies = await whileServing(registrations);
    expect(statuses).toEqual([201, 201, 201, 201]);
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `registrations at the budget's edge: another user's requests took ${sorted.map((ms) => ms.toFixed(0)).join(", ")} ms`,
    );
    expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(250);
  });

  it("past it (900 × [\\s\\S]{1000}, 1.1 s of compiling), is refused naming the limit, in a fraction of that, another user served meanwhile", {
    timeout: 60_000,
  }, async () => {
    const started = performance.now();
    const refusing = server.fetch("mallory", "/conversations/heavy", {
      body: { client_tools: [toolWith("heavy", "^[\\s\\S]{1000}", 900)] },
    });
    const latencies = await whileServing(refusing);
    const response = await refusing;
    const took = performance.now() - started;
    expect(response.status).toBe(422);
    const { detail } = (await response.json()) as { detail: string };
    expect(detail).toContain(
      "/0/parameters/properties/p9/pattern: this pattern and those before it would cost more than 10000 instructions",
    );
    expect(detail).toContain("limits.maxPatternCost");
    console.log(
      `refused in ${took.toFixed(0)} ms; another user's requests took ${latencies.map((ms) => ms.toFixed(0)).join(", ")} ms`,
    );
    expect(took).toBeLessThan(1_000);
  });
});
