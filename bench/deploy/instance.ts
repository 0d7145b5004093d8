// One server instance of the deployment benchmark, as the README deploys one: a broker on a
// store (Redis, or the memory store) behind the HTTP transport, the user known by a header.
// Prints `READY <port>`. The dispatching instance (`dispatcher`, or `single`, which is every
// role at once) also takes `RUN <calls> <in flight> <owner,owner...>` lines on stdin: it
// dispatches that many calls, the owners in turn, and prints `RESULT <json>` (seconds, and
// each call's time from dispatch to outcome in ms, and how many dispatches were sent again
// after a 503).
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import { createClient } from "redis";
import { RedisPendingCallStore } from "../../runtime/server/stores/redis/index.js";
import {
  ClientCallBroker,
  createClientToolsHandler,
  InMemoryPendingCallStore,
  type PendingCallStore,
  toNodeListener,
} from "../../runtime/server.js";
import { parseClientToolSpecs } from "../../runtime/tool-spec/parse.js";
import { StoreRetries } from "../store-retries.js";
import { DEPLOY_TOOL } from "./tool.js";

const role = process.argv[2];
const redisUrl = process.env["GCT_REDIS_URL"];
let store: PendingCallStore;
if (redisUrl !== undefined && role !== "single") {
  const client = createClient({ url: redisUrl, disableOfflineQueue: true });
  await client.connect();
  store = new RedisPendingCallStore(client, {
    keyPrefix: process.env["KEY_PREFIX"] ?? "deploy:",
    closedRetentionMs: 30_000,
  });
} else {
  store = new InMemoryPendingCallStore({ closedRetentionMs: 30_000 });
}
const dispatches = role === "dispatcher" || role === "single";
const broker = new ClientCallBroker({
  tools: dispatches ? parseClientToolSpecs([DEPLOY_TOOL]) : [],
  store,
  maxOpenCallsPerOwner: 10_000,
});
const handler = createClientToolsHandler(broker, {
  authenticate: (request) => request.headers.get("x-owner") ?? undefined,
});
const server = createServer(toNodeListener(handler));
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`READY ${typeof address === "object" && address !== null ? address.port : 0}`);
});

// Stopped by the benchmark: exit as a process should (a --cpu-prof profile is written then).
process.on("SIGTERM", () => process.exit(0));

let runs = 0;
if (dispatches) {
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, calls, inFlight, owners] = line.split(" ");
    if (command !== "RUN") continue;
    const result = await dispatchAll(Number(calls), Number(inFlight), owners!.split(","), runs++);
    console.log(`RESULT ${JSON.stringify(result)}`);
  }
}

async function dispatchAll(
  calls: number,
  inFlight: number,
  owners: readonly string[],
  run: number,
): Promise<{ seconds: number; latencies: number[]; retried: number }> {
  const latencies: number[] = [];
  const retries = new StoreRetries();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < calls) {
        const n = next++;
        const began = performance.now();
        const outcome = await retries.run(() =>
          broker.dispatch({
            conversationId: `run-${run}`,
            owner: owners[n % owners.length]!,
            toolName: DEPLOY_TOOL.name,
            toolCallId: `call_${n}`,
            args: { n },
          }),
        );
        if (outcome.status !== "ok") throw new Error(`a benchmark call ended ${JSON.stringify(outcome)}`);
        latencies.push(performance.now() - began);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies, retried: retries.count };
}
