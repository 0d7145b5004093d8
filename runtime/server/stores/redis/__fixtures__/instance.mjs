// One server instance for the multi-process test, run from a built package: a broker on the
// Redis store behind the HTTP transport. The dispatcher also dispatches CALLS calls of `echo`
// (toolCallIds call_0 ...) and prints each outcome; the others know no tools at all. Before it
// dispatches, Redis is told to take no writes for STALL_MS (longer than the store waits for one),
// as a loaded machine may stall it: every dispatch then gets a 503 at first.
import { createServer } from "node:http";
import { createClient } from "redis";
import { parseClientToolSpecs } from "./dist/runtime/index.js";
import {
  ClientCallBroker,
  ClientCallStoreUnavailableError,
  createClientToolsHandler,
  toNodeListener,
} from "./dist/runtime/server.js";
import { RedisPendingCallStore } from "./dist/runtime/server/stores/redis/index.js";

const role = process.argv[2];
const client = createClient({ url: process.env.GCT_REDIS_URL });
await client.connect();
const store = new RedisPendingCallStore(client, { keyPrefix: process.env.KEY_PREFIX, closedRetentionMs: Number(process.env.RETENTION_MS) });
const echo = {
  name: "echo",
  description: "Answer with the number asked.",
  parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"], additionalProperties: false },
  outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"], additionalProperties: false },
  timeoutSeconds: 120,
};
// One owner holds all the calls here: the per-owner limit is raised to fit them.
const broker = new ClientCallBroker({ tools: role === "dispatcher" ? parseClientToolSpecs([echo]) : [], store, maxOpenCallsPerOwner: 10_000 });
const handler = createClientToolsHandler(broker, { authenticate: (request) => request.headers.get("x-owner") ?? undefined });
const server = createServer(toNodeListener(handler));
server.listen(0, "127.0.0.1", () => console.log(`READY ${server.address().port}`));

// A dispatch the store could not take in time (503) is sent again, as the README tells a server
// to: the same toolCallId joins its call if the first one was taken after all.
async function dispatch(n) {
  for (let tries = 1; ; tries++) {
    try {
      return await broker.dispatch({ conversationId: "c1", owner: "alice", toolName: "echo", toolCallId: `call_${n}`, args: { n } });
    } catch (error) {
      if (!(error instanceof ClientCallStoreUnavailableError) || tries === 20) throw error;
      console.log(`RETRIED ${n}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

if (role === "dispatcher") {
  await client.sendCommand(["CLIENT", "PAUSE", process.env.STALL_MS, "WRITE"]);
  const calls = Number(process.env.CALLS);
  for (let n = 0; n < calls; n++) {
    dispatch(n).then((outcome) => console.log(`OUTCOME ${n} ${JSON.stringify(outcome)}`), (error) => console.log(`FAILED ${n} ${error}`));
  }
}
