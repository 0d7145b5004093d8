// server.ts
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { exportClientTools, outcomeToObservation } from "@gen-client-tools/runtime";
import { RedisPendingCallStore } from "@gen-client-tools/runtime/redis";
import {
  ClientCallBroker,
  ClientCallStoreUnavailableError,
  ClientToolRegistry,
  clientActionEvent,
  clientObservationEvent,
  createClientToolsHandler,
  fireAndForgetEvents,
  toNodeListener,
} from "@gen-client-tools/runtime/server";
import { registerClientTools } from "./client-tools.gen/specs.js";

const registry = new ClientToolRegistry({ reservedNames: ["bash"] });
registerClientTools(registry);
export const toolsForTheModel = exportClientTools(registry.list(), "openai-chat").tools; // pass them to your model

// One process: the calls in memory. Several, or calls that outlive a restart: Redis
// (docs/deployment.md), where REDIS_URL is set and the `redis` package installed.
const redisUrl = process.env["REDIS_URL"];
const redis = redisUrl === undefined ? undefined : await import("redis" as string);
const store =
  redis && new RedisPendingCallStore(await redis.createClient({ url: redisUrl, disableOfflineQueue: true }).connect());
const broker = new ClientCallBroker({ tools: registry, ...(store !== undefined && { store }) });
/**
 * Who the browser is: your session cookie (here, the one /login sets), which EventSource and fetch send by themselves.
 */
const userOf = (cookie: string | null | undefined) => /(?:^|;\s*)user=([\w-]+)/.exec(cookie ?? "")?.[1];
const clientTools = toNodeListener(
  createClientToolsHandler(broker, { authenticate: (request) => userOf(request.headers.get("cookie")) }),
);
const pages = new Map<string, Set<ServerResponse>>(); // each user's open pages
const send = (user: string, event: object) =>
  pages.get(user)?.forEach((page) => page.write(`data: ${JSON.stringify(event)}\n\n`));

/** Your agent loop calls this for each tool call of the model, and gives the model what it returns. */
export async function onToolCall(
  call: { toolName: string; toolCallId: string; args: Record<string, unknown> },
  owner: string,
) {
  if (registry.get(call.toolName)?.spec.outputSchema === undefined) {
    const { action, observation } = fireAndForgetEvents(call); // the model sees "Tool call dispatched to client."
    send(owner, action);
    send(owner, observation);
    return observation.observation;
  }
  const action = clientActionEvent(call); // for the page's timeline: the runner runs the call
  send(owner, action);
  const outcome = await broker.dispatch({ conversationId: `chat-${owner}`, owner, ...call }); // waits for the page's answer
  const observation = clientObservationEvent(action, outcomeToObservation(outcome));
  send(owner, observation);
  return observation.observation;
}

createServer(async (request, response) => {
  const user = userOf(request.headers.cookie);
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/login") {
    // Your login: here any name will do.
    response
      .writeHead(303, {
        "set-cookie": `user=${url.searchParams.get("user") ?? "guest"}; HttpOnly; SameSite=Lax; Path=/`,
        location: "/",
      })
      .end();
  } else if (url.pathname.startsWith("/client-tools")) {
    clientTools(request, response);
  } else if (url.pathname === "/events" && user !== undefined) {
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    response.flushHeaders(); // the page's EventSource opens now, not at the first event
    if (!pages.has(user)) pages.set(user, new Set());
    pages.get(user)!.add(response);
    request.on("close", () => pages.get(user)?.delete(response));
  } else if (url.pathname === "/run" && request.method === "POST" && user !== undefined) {
    // Stands in for your agent loop: the model calls both tools, one after the other.
    try {
      const shown = await onToolCall(
        { toolName: "open_file_viewer", toolCallId: randomUUID(), args: { file_path: "README.md", line: 3 } },
        user,
      );
      const located = await onToolCall({ toolName: "get_location", toolCallId: randomUUID(), args: {} }, user);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ shown, located }));
    } catch (error) {
      // The store out of reach (Redis down, or failing over) is a 503 to retry; nothing here ends the process.
      if (error instanceof ClientCallStoreUnavailableError)
        response.writeHead(503, { "retry-after": String(error.retryAfterSeconds) }).end(error.message);
      else {
        console.error(error);
        response.writeHead(500).end();
      }
    }
  } else if (url.pathname === "/" || url.pathname === "/page.js") {
    // The page and its bundle, built beside this file (build.js).
    const [file, type] = url.pathname === "/" ? ["index.html", "text/html"] : ["page.js", "text/javascript"];
    response
      .writeHead(200, { "content-type": `${type}; charset=utf-8` })
      .end(readFileSync(new URL(file, import.meta.url)));
  } else {
    response.writeHead(404).end();
  }
}).listen(Number(process.env["PORT"] ?? 8080), "127.0.0.1", () =>
  console.log(`http://127.0.0.1:${process.env["PORT"] ?? 8080}/login?user=alice`),
);
