import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { RedisPendingCallStore } from "../../runtime/server/stores/redis/index.js";
import {
  ClientCallBroker,
  type DispatchInput,
  InMemoryPendingCallStore,
  type PendingCallStore,
} from "../../runtime/server.js";
import { parseClientToolSpecs } from "../../runtime/tool-spec/parse.js";
import type { Benchmark } from "../benchmark.js";
import { type Row, row } from "../results.js";
import { summarize } from "../stats.js";
import { StoreRetries } from "../store-retries.js";

const ROUND_TRIPS = 5_000;
/**
 * The round trips are cut into batches, each with its own 99th percentile: the row is their median, as every timing
 * here is.
 */
const P99_BATCHES = 5;
const THROUGHPUT_CALLS = 6_000;
const CONCURRENCY = 64;
const OPEN_CALLS = 2_000;

const tools = parseClientToolSpecs([
  {
    name: "get_location",
    description: "Get the user's current city.",
    parameters: { type: "object", properties: { precise: { type: "boolean" } } },
    outputSchema: {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
      additionalProperties: false,
    },
  },
]);

type Redis = ReturnType<typeof createClient>;

/**
 * Awaited calls through the Redis store on loopback (`GCT_REDIS_URL`), brokers in this one
 * process, each on a connection of its own (what deployed instance processes do over HTTP is
 * the deployment benchmark's): the round trip with the dispatch at one broker and the answer at
 * another, calls per second with three brokers dispatching and answering each other's calls
 * (beside the same with one in-memory store), and what Redis holds per open call.
 */
export const redisStore: Benchmark = {
  name: "redis",
  async run({ plan, log }) {
    const url = process.env["GCT_REDIS_URL"];
    if (url === undefined) {
      log("redis: GCT_REDIS_URL is not set (start a redis-server, as .ci/run does): skipped");
      return [];
    }
    const clients: Redis[] = [];
    const stores: RedisPendingCallStore[] = [];
    const connect = async (): Promise<Redis> => {
      const client: Redis = createClient({ url });
      await client.connect();
      clients.push(client);
      return client;
    };
    try {
      const keyPrefix = `bench:${randomUUID()}:`;
      const store = async (prefix: string): Promise<RedisPendingCallStore> => {
        const made = new RedisPendingCallStore(await connect(), { keyPrefix: prefix, closedRetentionMs: 5_000 });
        stores.push(made);
        return made;
      };
      const redisStores = (count: number): Promise<RedisPendingCallStore[]> =>
        Promise.all(Array.from({ length: count }, () => store(keyPrefix)));

      const retries = new StoreRetries();
      log(`redis: cross-instance round trip, ${ROUND_TRIPS} calls`);
      const latencies = await roundTrips(await redisStores(2), retries);
      const batch = latencies.length / P99_BATCHES;
      const p99s = Array.from({ length: P99_BATCHES }, (_, b) =>
        percentile99(latencies.slice(b * batch, (b + 1) * batch)),
      );

      log(`redis: calls per second at three instances, ${plan.samples} samples`);
      const throughput: number[] = [];
      const inMemory: number[] = [];
      const shared = await redisStores(3);
      for (let s = 0; s < Math.min(plan.samples, 5); s++) {
        throughput.push(await callsPerSecond(shared, `r${s}`, retries));
        const memory = new InMemoryPendingCallStore();
        inMemory.push(await callsPerSecond([memory, memory, memory], `m${s}`, retries));
      }

      log(`redis: bytes held per open call, ${OPEN_CALLS} calls`);
      const openPrefix = `bench:${randomUUID()}:`;
      const bytes = await bytesPerOpenCall(clients[0]!, [await store(openPrefix)], openPrefix, retries);
      retries.check();
      return rows(latencies, p99s, throughput, inMemory, bytes, retries.count);
    } finally {
      // Each store's subscribing connection, then the clients: nothing left to keep the process up.
      await Promise.all(stores.map((made) => made.disconnect()));
      await Promise.all(clients.map((client) => client.close()));
    }
  },
};

function percentile99(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.99)]!;
}

function rows(
  latencies: readonly number[],
  p99s: readonly number[],
  throughput: readonly number[],
  inMemory: readonly number[],
  bytes: number,
  retried: number,
): Row[] {
  const latency = summarize(latencies);
  return [
    row({
      id: "redis.in-process.round-trip.median",
      what: "Redis store, two brokers in one process: dispatch at one, answer at the other, outcome back (loopback), median of calls",
      measured: { ...latency, unit: "ms" },
      targets: [{ op: "<=", value: 2, unit: "ms", of: "measured" }],
      details: { calls: latencies.length, "dispatches and answers sent again after a 503, in all rows": retried },
    }),
    row({
      id: "redis.in-process.round-trip.p99",
      what: `Redis store, in one process: the same round trip, 99th percentile (median of ${P99_BATCHES} batches of ${latencies.length / P99_BATCHES} calls)`,
      measured: { ...summarize(p99s), unit: "ms" },
      targets: [{ op: "<=", value: 5, unit: "ms", of: "measured" }],
    }),
    row({
      id: "redis.in-process.throughput.3-brokers",
      what: `Redis store: calls per second, three brokers in one process dispatching and answering each other's calls (${CONCURRENCY} in flight each; no HTTP)`,
      measured: { ...summarize(throughput), unit: "calls/s" },
      targets: [{ op: ">=", value: 2_000, unit: "calls/s", of: "measured" }],
      details: { "the same on one in-memory store (calls/s)": Math.round(summarize(inMemory).median) },
    }),
    row({
      id: "redis.bytes-per-open-call",
      what: "Redis store: bytes Redis holds per open call (MEMORY USAGE of its keys, the owner's set and the shared schema; arguments {})",
      measured: { median: bytes, min: bytes, max: bytes, runs: 1, unit: "bytes" },
    }),
  ];
}

/**
 * Each call dispatched at the first instance and answered at the second when it hears of it there (through Redis); ms
 * per call.
 */
async function roundTrips(
  [dispatcher, answerer]: readonly PendingCallStore[],
  retries: StoreRetries,
): Promise<number[]> {
  const a = new ClientCallBroker({ tools, store: dispatcher! });
  const b = new ClientCallBroker({ tools: [], store: answerer! });
  b.on("requested", ({ owner, request }) =>
    retries.submit(b, { requestId: request.requestId, owner, result: { city: "Lyon" } }),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  const latencies: number[] = [];
  for (let i = 0; i < ROUND_TRIPS + 200; i++) {
    const started = performance.now();
    const outcome = await retries.guard(retries.run(() => a.dispatch(call(`rt`, i))));
    if (outcome.status !== "ok") throw new Error(`a benchmark call ended ${JSON.stringify(outcome)}`);
    if (i >= 200) latencies.push(performance.now() - started);
  }
  await Promise.all([a.close(), b.close()]);
  return latencies;
}

/**
 * Calls per second with each instance dispatching its share, every call answered at the next instance, which hears of
 * it through the store.
 */
async function callsPerSecond(
  stores: readonly PendingCallStore[],
  run: string,
  retries: StoreRetries,
): Promise<number> {
  const brokers = stores.map((store) => new ClientCallBroker({ tools, store }));
  brokers.forEach((broker, i) => {
    const from = `c-${run}-${(i + brokers.length - 1) % brokers.length}`;
    broker.on("requested", ({ owner, request }) => {
      if (request.conversationId === from)
        retries.submit(broker, { requestId: request.requestId, owner, result: { city: "Lyon" } });
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const perInstance = THROUGHPUT_CALLS / brokers.length;
  const started = performance.now();
  await Promise.all(
    brokers.map(async (broker, b) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < perInstance) {
            const input = call(`${run}-${b}`, next++);
            const outcome = await retries.guard(retries.run(() => broker.dispatch(input)));
            if (outcome.status !== "ok") throw new Error(`a benchmark call ended ${JSON.stringify(outcome)}`);
          }
        }),
      );
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(brokers.map((broker) => broker.close()));
  return THROUGHPUT_CALLS / seconds;
}

/**
 * What Redis holds for open calls nobody answers (MEMORY USAGE of every key they make, the owner's set and the schema
 * shared), per call.
 */
async function bytesPerOpenCall(
  client: Redis,
  [store]: readonly PendingCallStore[],
  keyPrefix: string,
  retries: StoreRetries,
): Promise<number> {
  const broker = new ClientCallBroker({ tools, store: store!, maxOpenCallsPerOwner: OPEN_CALLS });
  for (let i = 0; i < OPEN_CALLS; i++) retries.start(() => broker.dispatch(call("open", i)));
  // Counted in Redis itself: the store's notices of the opens may start before its subscription does.
  const openCalls = async () => {
    const [ownerKey] = await client.keys(`${keyPrefix}*owner:alice`);
    return ownerKey === undefined ? 0 : client.zCard(ownerKey);
  };
  while ((await openCalls()) < OPEN_CALLS) {
    retries.check();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  let bytes = 0;
  for (const key of await client.keys(`${keyPrefix}*`)) bytes += (await client.memoryUsage(key)) ?? 0;
  await broker.close();
  return Math.round(bytes / OPEN_CALLS);
}

function call(run: string, i: number): DispatchInput {
  return { conversationId: `c-${run}`, owner: "alice", toolName: "get_location", toolCallId: `call_${i}`, args: {} };
}
