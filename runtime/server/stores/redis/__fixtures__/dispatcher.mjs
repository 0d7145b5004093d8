// A dispatching instance for the dead-dispatcher test, run from the built runtime package: it
// dispatches CALLS calls of `echo` (toolCallIds call_0 ...), prints "dispatched" once every one
// is open in Redis, and waits until it is killed.
import { createClient } from "redis";
import { parseClientToolSpecs } from "@gen-client-tools/runtime";
import { ClientCallBroker } from "@gen-client-tools/runtime/server";
import { RedisPendingCallStore } from "@gen-client-tools/runtime/redis";

const client = await createClient({ url: process.env.GCT_REDIS_URL, disableOfflineQueue: true }).connect();
const store = new RedisPendingCallStore(client, { keyPrefix: process.env.KEY_PREFIX });
const tools = parseClientToolSpecs([JSON.parse(process.env.TOOL)]);
const broker = new ClientCallBroker({ tools, store });
const calls = Number(process.env.CALLS);
let requested = 0;
broker.on("requested", () => {
  if (++requested === calls) console.log("dispatched");
});
for (let n = 0; n < calls; n++) void broker.dispatch({ conversationId: "c1", owner: "alice", toolName: "echo", toolCallId: `call_${n}`, args: { n } });
setInterval(() => {}, 1_000);
