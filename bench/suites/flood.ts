import { alicePage, floodAnswers } from "../../runtime/server/__fixtures__/flood.js";
import { startReadmeServer } from "../../runtime/server/__fixtures__/readme-server.js";
import type { Benchmark } from "../benchmark.js";
import { type Row, row } from "../results.js";
import { summarize } from "../stats.js";

const FRAMES = 100_000;
/** Another owner's requests during each flood, 100 ms apart. */
const ROUNDS = 10;

/**
 * One logged-in socket floods the README's server (in a process of its own, on the suite's redis-server when one is
 * set) with 100,000 answer frames of ~70 bytes for calls it does not have, while another owner dispatches calls at
 * the same instance: how long that owner's requests take meanwhile, and the server's longest pause.
 */
export const flood: Benchmark = {
  name: "flood",
  async run({ plan, log }) {
    const redis = process.env["GCT_REDIS_URL"];
    const server = await startReadmeServer(redis === undefined ? {} : { GCT_REDIS_URL: redis });
    const page = await alicePage(server.port);
    const latencies: number[] = [];
    const pauses: number[] = [];
    try {
      const floods = plan.mode === "quick" ? 1 : 3;
      for (let f = 0; f < floods; f++) {
        log(`flood: ${f + 1} of ${floods}, ${FRAMES.toLocaleString("en")} frames`);
        await server.report();
        const flooding = floodAnswers(server.port, FRAMES);
        await new Promise((resolve) => setTimeout(resolve, 300));
        for (let round = 0; round < ROUNDS; round++) {
          const started = performance.now();
          const response = await server.fetch("alice", "/dispatch", {
            body: { conversationId: "c_alice", toolName: "get_location", toolCallId: `call_${f}_${round}`, args: {} },
          });
          if (response.status !== 202) throw new Error(`alice's dispatch got ${response.status} during the flood`);
          latencies.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await flooding;
        pauses.push((await server.report()).maxLoopDelayMs);
      }
    } finally {
      page.close();
      await server.stop();
    }
    return rows(latencies, pauses, redis !== undefined);
  },
};

function rows(latencies: readonly number[], pauses: readonly number[], onRedis: boolean): Row[] {
  const where = onRedis ? "the README's server on redis-server" : "the README's server on the memory store";
  return [
    row({
      id: "runtime.flood.other-owner",
      what: `Another owner's dispatch request while one socket sends ${FRAMES.toLocaleString("en")} answer frames for unknown calls (${where})`,
      measured: { ...summarize(latencies), unit: "ms" },
      targets: [{ op: "<=", value: 250, unit: "ms", of: "measured" }],
      details: {
        "the server's longest event-loop pause in a flood, median (ms)": Math.round(summarize(pauses).median),
      },
    }),
  ];
}
