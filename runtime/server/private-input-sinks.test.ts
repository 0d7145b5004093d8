import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { inspect } from "node:util";
import { createClient } from "redis";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { eventually } from "../../test-support/eventually.js";
import { haveRedisServer, startRedisServer } from "../../test-support/redis-server.js";
import { createClientToolRunner } from "../client/runner.js";
import { type ExportTarget, exportClientTools } from "../export/export-client-tools.js";
import { ClientToolRegistry } from "../registry/registry.js";
import { outcomeToObservation } from "../wire/observation.js";
import type { PrivateInputHandlers } from "../wire/private-input-call.js";
import { decodeClientToolServerMessage, encodeClientToolMessage } from "../wire/ws-codec.js";
import { ClientCallBroker } from "./broker.js";
import { InMemoryPendingCallStore } from "./stores/memory-store.js";
import { RedisPendingCallStore } from "./stores/redis/redis-store.js";
import type { PendingCallStore } from "./stores/store.js";
import { type Listening, listen } from "./transports/__fixtures__/net.js";
import { createClientToolsHandler } from "./transports/http-handler.js";
import { toNodeListener } from "./transports/node-listener.js";
import { attachClientTools } from "./transports/ws-attach.js";

// A canary private input goes through two instances sharing a store, a browser-like client on
// a WebSocket at one of them and an SSE stream at the other, an invalid submission first; then
// every sink is searched for it. It may be only where the client sent it and in the handler.
const CANARY = "canary-51c0e2-private-value";
const SCHEMA_MARK = "private-schema-mark-0d41";
const TARGETS: readonly ExportTarget[] = ["openai-chat", "openai-responses", "anthropic", "gemini", "mcp", "ag-ui"];
const connect = {
  name: "connect_account",
  description: "Connect the requested service with credentials the user enters.",
  parameters: { type: "object", properties: { service: { type: "string" } }, required: ["service"] },
  privateInput: {
    schema: {
      type: "object",
      description: SCHEMA_MARK,
      properties: { token: { type: "string", minLength: 1 } },
      required: ["token"],
      additionalProperties: false,
    },
    response: { status: "connected" },
  },
  maxAttempts: 2,
};

/** Everything the test saw leave the server side, as text to search. */
interface Sinks {
  readonly text: string[];
  /** What the server's handler was given. */
  readonly taken: unknown[];
}

let logged: string[];
beforeEach(() => {
  logged = [];
  for (const level of ["log", "info", "warn", "error", "debug", "trace"] as const) {
    vi.spyOn(console, level).mockImplementation(
      (...args: unknown[]) => void logged.push(args.map((arg) => inspect(arg, { depth: 20 })).join(" ")),
    );
  }
  // The runtime's default reporter: warnings on the process.
  vi.spyOn(process, "emitWarning").mockImplementation(
    (...args: unknown[]) => void logged.push(args.map((arg) => inspect(arg, { depth: 20 })).join(" ")),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Every value each store method was called with, and every value it returned: what a store is given to keep. */
function recorded(store: PendingCallStore, into: string[]): PendingCallStore {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        into.push(inspect(args, { depth: 30 }));
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise)
          return result.then((resolved: unknown) => (into.push(inspect(resolved, { depth: 30 })), resolved));
        return result;
      };
    },
  });
}

async function roundTrip(stores: readonly [PendingCallStore, PendingCallStore]): Promise<Sinks> {
  const text: string[] = [];
  const taken: unknown[] = [];
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  try {
    const privateInputs: PrivateInputHandlers = {
      connect_account: async (privateInput) => {
        taken.push(privateInput);
      },
    };
    // Every instance registers the server's tools and the same handlers.
    const instances = stores.map((store) => {
      const registry = new ClientToolRegistry();
      registry.register(connect);
      const broker = new ClientCallBroker({ tools: registry, store, privateInputs });
      for (const event of ["requested", "ended", "settled"] as const)
        broker.on(event, (payload) => text.push(inspect(payload, { depth: 30 })));
      cleanups.push(() => broker.close());
      return { registry, broker };
    });
    const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Instance A serves HTTP (the SSE stream and answers); B a WebSocket.
    const http: Listening = await listen(
      toNodeListener(
        createClientToolsHandler(a.broker, { authenticate: (request) => request.headers.get("x-owner") ?? undefined }),
      ),
    );
    cleanups.push(() => http.close());
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise((resolve) => wss.once("listening", resolve));
    wss.on("connection", (socket) => attachClientTools(socket, b.broker, "alice"));
    cleanups.push(() => new Promise((resolve) => (wss.clients.forEach((c) => c.terminate()), wss.close(resolve))));

    const events = new AbortController();
    const stream = await fetch(`${http.origin}/client-tools/events`, {
      headers: { "x-owner": "alice" },
      signal: events.signal,
    });
    const streamed = (async () => {
      const decoder = new TextDecoder();
      const reader = stream.body!.getReader();
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
          text.push(decoder.decode(chunk.value));
      } catch {
        // aborted at the end
      }
    })();
    cleanups.push(() => (events.abort(), streamed));

    // The client: the runner, its handler typing a wrong value first, then the canary.
    const socket = new WebSocket(`ws://127.0.0.1:${(wss.address() as { port: number }).port}/`);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    cleanups.push(() => socket.terminate());
    const typed = [{ token: "", [CANARY]: CANARY }, { token: CANARY }];
    const runner = createClientToolRunner({
      handlers: { connect_account: () => typed.shift() },
      send: (answer) => socket.send(encodeClientToolMessage(answer)),
    });
    const frames: string[] = [];
    socket.on("message", (data) => {
      const frame = String(data);
      frames.push(frame);
      const message = decodeClientToolServerMessage(frame);
      if (message?.type === "client_tool.requested") void runner.handle(message.request);
    });

    const outcome = await a.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "connect_account",
      toolCallId: "call_1",
      args: { service: "github" },
    });
    expect(outcome).toEqual({ status: "ok", result: { status: "connected" } });
    expect(taken).toEqual([{ token: CANARY }]);
    // The refusal of the first value reached the client, by pointer.
    await eventually(() => frames.some((frame) => frame.includes('"status":422')));
    expect(frames.find((frame) => frame.includes('"status":422'))).toContain('"pointer":"/*"');
    text.push(...frames);

    // A late submission, over HTTP: refused, with nothing of it in the body.
    const requestId = JSON.parse(frames.find((frame) => frame.includes("client_tool.requested"))!).request
      .requestId as string;
    const late = await fetch(`${http.origin}/client-tools/${requestId}`, {
      method: "POST",
      headers: { "x-owner": "alice", "content-type": "application/json" },
      body: JSON.stringify({ result: { token: CANARY } }),
    });
    expect(late.status).toBe(409);
    text.push(await late.text());

    text.push(JSON.stringify(outcomeToObservation(outcome, connect)), inspect(outcome, { depth: 30 }));
    text.push(JSON.stringify(a.registry.snapshot()), JSON.stringify(b.registry.snapshot()));
    for (const target of TARGETS)
      text.push(
        JSON.stringify(
          exportClientTools(
            a.registry.list().map((tool) => tool.spec),
            target,
          ),
        ),
      );
    for (const broker of [a.broker, b.broker])
      text.push(
        inspect(await broker.pending({ owner: "alice" }), { depth: 30 }),
        inspect(await broker.outcome({ owner: "alice", conversationId: "c1", toolCallId: "call_1" })),
      );
    return { text, taken };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

function expectNowhere(sinks: readonly string[], what: string): void {
  const found = sinks.filter((sink) => sink.includes(what));
  expect(found, `${JSON.stringify(what)} found in: ${found.join("\n---\n").slice(0, 2000)}`).toEqual([]);
}

describe("a private input's value", () => {
  it("is in no event, frame, body, observation, snapshot, export, log or store record with the memory store", async () => {
    const kept: string[] = [];
    const store = recorded(new InMemoryPendingCallStore(), kept);
    const sinks = await roundTrip([store, store]);
    expect(kept.length).toBeGreaterThan(5);
    expectNowhere([...sinks.text, ...kept, ...logged], CANARY);
    // What the model is given of the tool never holds the private value's schema.
    expectNowhere(
      sinks.text.filter((sink) => sink.startsWith('{"tools"')),
      SCHEMA_MARK,
    );
  });

  describe.skipIf(!haveRedisServer())("with Redis", () => {
    it("is in no Redis key, notice, dump or append-only file, nor in any other sink", { timeout: 30_000 }, async () => {
      const redis = await startRedisServer(true, ["--rdbcompression", "no", "--dbfilename", "dump.rdb"]);
      const clients: { close(): Promise<unknown> }[] = [];
      try {
        const connectClient = async () => {
          const client = createClient({ url: `redis://127.0.0.1:${redis.port}` });
          await client.connect();
          clients.push(client);
          return client;
        };
        // Every notice on every channel, as Redis carried it.
        const noticed: string[] = [];
        const listener = await connectClient();
        await listener.pSubscribe("*", (message) => void noticed.push(message));
        const kept: string[] = [];
        const storeA = recorded(new RedisPendingCallStore(await connectClient(), { keyPrefix: "sinks:" }), kept);
        const storeB = recorded(new RedisPendingCallStore(await connectClient(), { keyPrefix: "sinks:" }), kept);
        const sinks = await roundTrip([storeA, storeB]);
        await (storeA as RedisPendingCallStore).disconnect();
        await (storeB as RedisPendingCallStore).disconnect();

        const probe = await connectClient();
        const values: string[] = [];
        for (const key of await probe.keys("*"))
          values.push(
            key,
            String(await probe.sendCommand(["DUMP", key])),
            inspect(
              String(await probe.sendCommand(["TYPE", key])) === "hash"
                ? await probe.hGetAll(key)
                : await probe.sendCommand(["GET", key]),
            ),
          );
        expect(values.length).toBeGreaterThan(0);
        await probe.sendCommand(["SAVE"]);
        const files = readdirSync(redis.dir, { recursive: true, encoding: "utf8" })
          .map((file) => path.join(redis.dir, file))
          .filter((file) => statSync(file).isFile());
        const onDisk = files.map((file) => readFileSync(file, "latin1"));
        // The dump and the append-only file do hold the call: the search is not of empty files.
        expect(onDisk.join("").includes("connect_account")).toBe(true);
        expect(noticed.length).toBeGreaterThan(2);
        expectNowhere([...sinks.text, ...kept, ...logged, ...noticed, ...values, ...onDisk], CANARY);
      } finally {
        for (const client of clients) await client.close().catch(() => {});
        await redis.release();
      }
    });
  });
});
