import { randomUUID } from "node:crypto";
import type { Benchmark } from "../benchmark.js";
import type { AnsweringClient } from "../deploy/answering-client.js";
import { type DeployedInstance, type DeployedRun, startClients, startInstance } from "../deploy/deployment.js";
import { type Row, row } from "../results.js";
import { summarize } from "../stats.js";

const IN_FLIGHT = 64;
/**
 * Before the samples: connections made, code optimized, Redis scripts loaded (a first run of 300 calls was still slow).
 */
const WARM_UP_CALLS = 1_500;
const OWNERS = ["user-b", "user-c"] as const;

interface Sample {
  readonly retried: number;
  readonly callsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
}

/**
 * Awaited calls as the README deploys them: three instance processes on one redis-server, the
 * calls dispatched at one (64 in flight) and answered at the other two by the owners' clients
 * over HTTP (Server-Sent Events in, a POST per answer), beside one process on the memory store
 * with the same HTTP hops; the two runs interleaved, sample by sample.
 */
export const deployment: Benchmark = {
  name: "deployment",
  async run({ plan, log }) {
    const url = process.env["GCT_REDIS_URL"];
    if (url === undefined) {
      log("deployment: GCT_REDIS_URL is not set (start a redis-server, as .ci/run does): skipped");
      return [];
    }
    const calls = plan.mode === "quick" ? 400 : 3_000;
    const samples = plan.mode === "quick" ? 1 : 5;
    const started: DeployedInstance[] = [];
    const clients: AnsweringClient[] = [];
    // A dispatch waits for its answer: one the clients could not send fails the run instead.
    const answered = <T>(run: Promise<T>) => Promise.race([run, ...clients.map((client) => client.failed)]);
    try {
      const keyPrefix = `deploy:${randomUUID()}:`;
      const [dispatcher, b, c] = await Promise.all([
        startInstance("dispatcher", { KEY_PREFIX: keyPrefix }),
        startInstance("answerer", { KEY_PREFIX: keyPrefix }),
        startInstance("answerer", { KEY_PREFIX: keyPrefix }),
      ]);
      const single = await startInstance("single", {});
      started.push(dispatcher!, b!, c!, single);
      clients.push(
        await startClients([
          [OWNERS[0], b!.port],
          [OWNERS[1], c!.port],
        ]),
      );
      clients.push(await startClients(OWNERS.map((owner) => [owner, single.port] as const)));
      await answered(dispatcher!.run(WARM_UP_CALLS, IN_FLIGHT, OWNERS));
      await answered(single.run(WARM_UP_CALLS, IN_FLIGHT, OWNERS));
      const redis: Sample[] = [];
      const memory: Sample[] = [];
      for (let s = 0; s < samples; s++) {
        log(`deployment: sample ${s + 1} of ${samples}, ${calls} calls each`);
        redis.push(sample(await answered(dispatcher!.run(calls, IN_FLIGHT, OWNERS)), calls));
        memory.push(sample(await answered(single.run(calls, IN_FLIGHT, OWNERS)), calls));
      }
      return rows(redis, memory, calls, clients[0]!.resent());
    } finally {
      for (const client of clients) client.stop();
      for (const instance of started) instance.stop();
    }
  },
};

function sample(run: DeployedRun, calls: number): Sample {
  const sorted = [...run.latencies].sort((x, y) => x - y);
  return {
    retried: run.retried,
    callsPerSecond: calls / run.seconds,
    p50: sorted[Math.floor(sorted.length * 0.5)]!,
    p99: sorted[Math.floor(sorted.length * 0.99)]!,
  };
}

function rows(redis: readonly Sample[], memory: readonly Sample[], calls: number, answersResent: number): Row[] {
  const of = (samples: readonly Sample[], key: keyof Sample) => summarize(samples.map((s) => s[key]));
  const setup = `${calls} calls, ${IN_FLIGHT} in flight, answered by two owners' clients over SSE and HTTP`;
  return [
    row({
      id: "deploy.redis.3-processes.calls-per-second",
      what: `Three instance processes on one redis-server: calls dispatched at one, answered at the other two (${setup})`,
      measured: { ...of(redis, "callsPerSecond"), unit: "calls/s" },
      targets: [{ op: ">=", value: 1_000, unit: "calls/s", of: "measured" }],
      details: {
        "one process on the memory store, same HTTP hops (calls/s)": Math.round(of(memory, "callsPerSecond").median),
        "dispatches sent again after a 503, in all samples": redis.reduce((sum, s) => sum + s.retried, 0),
        "answers sent again after a 503": answersResent,
      },
    }),
    row({
      id: "deploy.redis.3-processes.p50",
      what: "The same: each call's time from dispatch to outcome, median",
      measured: { ...of(redis, "p50"), unit: "ms" },
      details: { "memory store, one process (ms)": Number(of(memory, "p50").median.toFixed(2)) },
    }),
    row({
      id: "deploy.redis.3-processes.p99",
      what: "The same, 99th percentile",
      measured: { ...of(redis, "p99"), unit: "ms" },
      targets: [{ op: "<=", value: 50, unit: "ms", of: "measured" }],
      details: { "memory store, one process (ms)": Number(of(memory, "p99").median.toFixed(2)) },
    }),
    row({
      id: "deploy.redis-vs-memory",
      what: "Calls per second of one process on the memory store ÷ three on Redis (same HTTP hops, sample by sample)",
      measured: { ...summarize(memory.map((m, i) => m.callsPerSecond / redis[i]!.callsPerSecond)), unit: "×" },
      targets: [{ op: "<=", value: 3, unit: "×", of: "measured" }],
    }),
  ];
}
