import { createServer } from "node:http";
import { ClientCallBroker } from "../runtime/server/broker.js";
import type { DispatchInput } from "../runtime/server/calls/dispatch-input.js";
import type { RedisConnectionLike } from "../runtime/server/stores/redis/commands.js";
import { RedisPendingCallStore } from "../runtime/server/stores/redis/redis-store.js";
import type { RedisPendingCallStoreOptions } from "../runtime/server/stores/redis/store-options.js";
import { createClientToolsHandler } from "../runtime/server/transports/http-handler.js";
import { toNodeListener } from "../runtime/server/transports/node-listener.js";
import { parseClientToolSpecs } from "../runtime/tool-spec/parse.js";
import type { ClientToolSpec } from "../runtime/tool-spec/types.js";
import { ClientCallStoreUnavailableError } from "../runtime/wire/errors.js";
import type { ClientToolRequest } from "../runtime/wire/messages.js";
import type { ClientCallOutcome } from "../runtime/wire/outcome.js";

/** The Redis tests' one tool: the page answers with the number it was asked. */
export function echoTools(timeoutSeconds: number): readonly ClientToolSpec[] {
  return parseClientToolSpecs([
    {
      name: "echo",
      description: "Answer with the number asked.",
      parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
      outputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
      timeoutSeconds,
    },
  ]);
}

/** Dispatches as an agent loop does through an outage: a dispatch the store refuses (503) is dispatched again. */
export async function dispatchThroughOutage(broker: ClientCallBroker, call: DispatchInput): Promise<ClientCallOutcome> {
  for (;;) {
    try {
      return await broker.dispatch(call);
    } catch (error) {
      if (!(error instanceof ClientCallStoreUnavailableError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** One server instance of a test: a broker on the Redis store behind the HTTP transport, on a loopback port. */
export interface InstanceUnderTest {
  readonly broker: ClientCallBroker;
  readonly origin: string;
  /** What the store and the broker reported. */
  readonly errors: unknown[];
  close(): Promise<void>;
}

/** Starts an instance on a connected client of the official package (single, Sentinel or cluster); `close` closes it too. */
export async function startInstance(
  client: RedisConnectionLike & { close(): Promise<unknown> },
  tools: readonly ClientToolSpec[],
  storeOptions: RedisPendingCallStoreOptions = {},
): Promise<InstanceUnderTest> {
  const errors: unknown[] = [];
  const store = new RedisPendingCallStore(client, { onError: (error) => errors.push(error), ...storeOptions });
  const broker = new ClientCallBroker({ tools, store, onError: (error) => errors.push(error) });
  await store.ready();
  const handler = createClientToolsHandler(broker, {
    authenticate: (request) => request.headers.get("x-owner") ?? undefined,
  });
  const server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    broker,
    origin: `http://127.0.0.1:${address.port}`,
    errors,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await broker.close();
      await store.disconnect();
      await client.close().catch(() => {});
    },
  };
}

/**
 * Posts the page's answer to the call as the README's page does: sent again after `Retry-After` while the store is
 * unavailable (503), a 409 "already ended" taken as accepted. The final status.
 */
export async function postAnswer(origin: string, owner: string, requestId: string, body: object): Promise<number> {
  for (let tries = 0; ; tries++) {
    let status: number;
    try {
      const response = await fetch(`${origin}/client-tools/${encodeURIComponent(requestId)}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-owner": owner },
        body: JSON.stringify(body),
      });
      await response.body?.cancel();
      status = response.status;
    } catch {
      status = 0;
    }
    if ((status !== 503 && status !== 0) || tries > 100) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A page following its owner's calls over SSE at one instance, each request handed to `onRequest` as it arrives. */
export interface PageUnderTest {
  /** Every request the page was sent, in order (a request sent twice appears twice). */
  readonly requests: ClientToolRequest[];
  stop(): Promise<void>;
}

export async function followAsPage(
  origin: string,
  owner: string,
  onRequest: (request: ClientToolRequest) => void,
): Promise<PageUnderTest> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/client-tools/events`, {
    headers: { "x-owner": owner },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the page's stream got ${response.status}`);
  const requests: ClientToolRequest[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += decoder.decode(read.value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (/^event: client_tool$/m.test(block)) {
          const request = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as ClientToolRequest;
          requests.push(request);
          onRequest(request);
        }
      }
    }
  })().catch(() => {});
  return {
    requests,
    stop: async () => {
      controller.abort();
      await reading;
    },
  };
}
