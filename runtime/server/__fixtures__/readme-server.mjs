// A server wired as docs/getting-started.md and docs/transports.md show it, run from the built runtime package in
// a process of its own, for the tests that attack it: the registry with reserved names and the
// server's own tools, a broker with signing keys and an approve hook, the HTTP routes through
// toNodeListener, a WebSocket server with clientToolsWebSocketServerOptions, and the Redis store
// when GCT_REDIS_URL is set. Clients are known by the cookie `user=<name>`. Beside the runtime's
// routes, it answers what the tests drive it with (your app's routes and agent loop stand here):
//   POST /conversations/<id>        { client_tools }: registers the client's tools (201, or the registration error)
//   POST /dispatch                  { conversationId, toolName, toolCallId, args }: the agent loop dispatches (202)
//   GET  /outcome/<conv>/<toolCallId>  the call's outcome once it ended (404 before)
//   POST /decide/<toolCallId>       a person approves the call waiting for approval: the signed decision, for the client
//   POST /decisions/<toolCallId>    a decision, as a client carries it back to the waiting hook: signed, or 403
//   GET  /report                    { errors: what reached onError, memory: process.memoryUsage() after a GC,
//                                     maxRssKb: the peak resident set, maxLoopDelayMs: the event loop's longest pause since the last report, socketStates: each WebSocket's readyState }
// It prints "listening <port>" once it serves.
import { createServer } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { WebSocketServer } from "ws";
import { createClient } from "redis";
import { parseClientToolSpecs } from "@gen-client-tools/runtime";
import {
  approveClientToolCall,
  attachClientTools,
  ClientCallBroker,
  ClientToolRegistrationError,
  ClientToolRegistry,
  clientToolsWebSocketServerOptions,
  createClientToolsHandler,
  signedDecisionOf,
  toNodeListener,
} from "@gen-client-tools/runtime/server";
import { RedisPendingCallStore } from "@gen-client-tools/runtime/redis";

const ORIGIN = "http://app.test";
// The event loop's longest pause so far: what one client's traffic makes every other client wait.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const errors = [];
const onError = (error, context) => errors.push(`${context ?? "request"}: ${error instanceof Error ? error.message : String(error)}`);

const registry = new ClientToolRegistry({ reservedNames: ["bash"] });
registry.register(
  parseClientToolSpecs([
    {
      name: "confirm_purchase",
      description: "Ask the user to confirm a purchase.",
      parameters: { type: "object", properties: { item: { type: "string" } }, required: ["item"] },
      outputSchema: { type: "object", properties: { confirmed: { type: "boolean" } }, required: ["confirmed"] },
    },
    {
      name: "get_location",
      description: "Get the user's city.",
      outputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  ]),
);

const redis = process.env.GCT_REDIS_URL === undefined ? undefined : await createClient({ url: process.env.GCT_REDIS_URL, disableOfflineQueue: true }).connect();
const store = redis === undefined ? undefined : new RedisPendingCallStore(redis, { keyPrefix: process.env.KEY_PREFIX ?? "readme-server:" });

// A person's decision on confirm_purchase, posted by the client: the hook waits for it.
const waiting = new Map();
const broker = new ClientCallBroker({
  tools: registry,
  ...(store !== undefined && { store }),
  signing: { keys: ["a key the instances share, 32 bytes or more"] },
  approvalTimeoutSeconds: Number(process.env.APPROVAL_TIMEOUT_SECONDS ?? 600),
  onError,
  approve: (call) => (call.toolName !== "confirm_purchase" ? approveClientToolCall(call) : new Promise((resolve) => waiting.set(call.toolCallId, { call, resolve }))),
});

const userOf = (cookie) => /(?:^|;\s*)user=([\w-]+)/.exec(cookie ?? "")?.[1];
const clientTools = toNodeListener(createClientToolsHandler(broker, { authenticate: (request) => userOf(request.headers.get("cookie")) }), { onError });
const outcomes = new Map();

const readJson = async (request) => {
  let text = "";
  for await (const chunk of request) text += chunk;
  return JSON.parse(text);
};
const send = (response, status, body) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

const server = createServer(async (request, response) => {
  const user = userOf(request.headers.cookie);
  const url = new URL(request.url ?? "/", "http://localhost");
  const [, first, ...rest] = url.pathname.split("/");
  if (first === "client-tools") return clientTools(request, response);
  if (user === undefined) return send(response, 401, { detail: "Log in." });
  if (first === "conversations" && request.method === "POST") {
    try {
      const { client_tools } = await readJson(request);
      registry.scope(rest[0], { owner: user }).register(client_tools);
      return send(response, 201, {});
    } catch (error) {
      if (error instanceof ClientToolRegistrationError) return send(response, error.status, error);
      throw error;
    }
  }
  if (first === "dispatch" && request.method === "POST") {
    const call = await readJson(request);
    broker.dispatch({ ...call, owner: user }).then(
      (outcome) => outcomes.set(`${call.conversationId}/${call.toolCallId}`, outcome),
      (error) => outcomes.set(`${call.conversationId}/${call.toolCallId}`, { thrown: error.message }),
    );
    return send(response, 202, {});
  }
  if (first === "outcome") {
    const outcome = outcomes.get(rest.join("/"));
    return outcome === undefined ? send(response, 404, {}) : send(response, 200, outcome);
  }
  if (first === "decisions" && request.method === "POST") {
    // What the client carried back: a signed decision, or nothing the hook takes.
    const decision = signedDecisionOf(await readJson(request));
    const pending = waiting.get(rest[0]);
    if (decision === undefined || pending === undefined) return send(response, 403, { detail: "A decision must be signed." });
    pending.resolve(decision);
    return send(response, 202, {});
  }
  if (first === "decide" && request.method === "POST") {
    // A person approves on the server: the signed decision goes to the client, which carries it back.
    const pending = waiting.get(rest[0]);
    if (pending === undefined) return send(response, 404, {});
    return send(response, 200, await broker.signDecision(pending.call, { approved: true, decidedBy: user }));
  }
  if (first === "report") {
    globalThis.gc?.();
    return send(response, 200, { errors, memory: process.memoryUsage(), maxRssKb: process.resourceUsage().maxRSS, maxLoopDelayMs: loopDelay.max / 1e6, ...(loopDelay.reset() ?? {}), socketStates: [...sockets.clients].map((socket) => socket.readyState) });
  }
  send(response, 404, {});
});

const sockets = new WebSocketServer({ server, path: "/ws", ...clientToolsWebSocketServerOptions({ origins: [ORIGIN] }) });
sockets.on("connection", (socket, request) => {
  const user = userOf(request.headers.cookie);
  if (user === undefined) return socket.close(1008, "Log in.");
  attachClientTools(socket, broker, user, { onError });
});

server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
