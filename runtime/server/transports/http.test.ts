import { request as httpRequest } from "node:http";
import { connect as connectTcp } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClientCallStoreUnavailableError } from "../../wire/errors.js";
import type { ClientToolRequest } from "../../wire/messages.js";
import type { ClientCallOutcome } from "../../wire/outcome.js";
import { requiresAction } from "../../wire/requires-action.js";
import { createTestBroker, specs, type TestBroker } from "../__fixtures__/tools.js";
import { ClientCallBroker } from "../broker.js";
import { InMemoryPendingCallStore } from "../stores/memory-store.js";
import { type Listening, listen, rawRequest, waitFor } from "./__fixtures__/net.js";
import { createClientToolsHandler } from "./http-handler.js";
import { toNodeListener } from "./node-listener.js";

const MAX_BODY = 1024;

let t: TestBroker;
let server: Listening;
/** The outcome of every run the test server started, by requestId. */
let runs: Map<string, Promise<ClientCallOutcome>>;

beforeEach(async () => {
  t = createTestBroker();
  runs = new Map();
  const clientTools = createClientToolsHandler(t.broker, {
    // The test's identity scheme: `Authorization: Bearer <owner>`.
    authenticate: (request) => request.headers.get("authorization")?.match(/^Bearer (\w+)$/)?.[1],
    maxBodyBytes: MAX_BODY,
  });
  // An agent API beside the client tool routes: POST /runs stops on a get_location call.
  server = await listen(
    toNodeListener(async (request) => {
      if (new URL(request.url).pathname !== "/runs") return clientTools(request);
      const owner = request.headers.get("authorization")!.slice("Bearer ".length);
      const before = t.requests.length;
      const outcome = t.broker.dispatch({
        conversationId: "c1",
        owner,
        toolName: "get_location",
        toolCallId: `call_${before}`,
        args: {},
      });
      const { request: pending } = await waitFor(() => t.requests[before], "the run's request");
      runs.set(pending.requestId, outcome);
      return Response.json(requiresAction(pending));
    }),
  );
});
afterEach(async () => {
  await server.close();
  await t.broker.close();
});

const auth = (owner: string) => ({ authorization: `Bearer ${owner}` });

async function startRun(owner = "alice"): Promise<ClientToolRequest> {
  const response = await fetch(`${server.origin}/runs`, { method: "POST", headers: auth(owner) });
  const body = (await response.json()) as ReturnType<typeof requiresAction>;
  return t.requests.find((call) => call.request.requestId === body.required_action.client_tool.requestId)!.request;
}

function answer(requestId: string, body: unknown, owner = "alice"): Promise<Response> {
  return fetch(`${server.origin}/client-tools/${requestId}`, {
    method: "POST",
    headers: { ...auth(owner), "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function statusAndBody(response: Promise<Response>): Promise<{ status: number; body: unknown }> {
  const r = await response;
  return { status: r.status, body: await r.json() };
}

describe("requires_action", () => {
  it("says when the call asks for a private input, with the value's schema", () => {
    const asking = {
      requestId: "r1",
      conversationId: "c1",
      toolName: "connect_account",
      toolCallId: "call_1",
      args: {},
      attempt: 1,
      expiresAt: 1,
      privateInput: true as const,
      privateInputSchema: { type: "object" },
    };
    expect(requiresAction(asking).required_action.client_tool).toMatchObject({
      privateInput: true,
      privateInputSchema: { type: "object" },
    });
    const { privateInput: _flag, privateInputSchema: _schema, ...plain } = asking;
    expect(requiresAction(plain).required_action.client_tool).not.toHaveProperty("privateInput");
  });
});

describe("HTTP transport, over a real socket", () => {
  it("describes a stopped run with requires_action, and resumes it with the answer posted back (200)", async () => {
    const response = await fetch(`${server.origin}/runs`, { method: "POST", headers: auth("alice") });
    const body = (await response.json()) as ReturnType<typeof requiresAction>;
    const { request } = t.requests[0]!;
    expect(body).toEqual({
      status: "requires_action",
      required_action: {
        type: "client_tool",
        client_tool: {
          requestId: request.requestId,
          name: "get_location",
          arguments: {},
          attempt: 1,
          expiresAt: request.expiresAt,
        },
      },
    });

    expect(await statusAndBody(answer(request.requestId, { result: { city: "Lyon" }, attempt: 1 }))).toEqual({
      status: 200,
      body: { status: "accepted" },
    });
    await expect(runs.get(request.requestId)).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });

  it("takes an error answer (200) and ends the call with it", async () => {
    const request = await startRun();
    expect((await answer(request.requestId, { error: "Location is off.", retryable: false })).status).toBe(200);
    await expect(runs.get(request.requestId)).resolves.toEqual({
      status: "error",
      error: "Location is off.",
      retryable: false,
    });
  });

  it("lists only the caller's open requests (GET), filtered by conversation when asked", async () => {
    const mine = await startRun("alice");
    await startRun("bob");
    const list = await statusAndBody(fetch(`${server.origin}/client-tools`, { headers: auth("alice") }));
    expect(list).toEqual({ status: 200, body: { requests: [mine] } });
    const other = await statusAndBody(
      fetch(`${server.origin}/client-tools?conversationId=c2`, { headers: auth("alice") }),
    );
    expect(other).toEqual({ status: 200, body: { requests: [] } });
  });

  it("answers 401 without identity, on every route, and leaves the call open", async () => {
    const request = await startRun();
    expect((await fetch(`${server.origin}/client-tools`)).status).toBe(401);
    expect((await fetch(`${server.origin}/client-tools/events`)).status).toBe(401);
    const anonymous = await fetch(`${server.origin}/client-tools/${request.requestId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ result: { city: "Nowhere" } }),
    });
    expect(await statusAndBody(Promise.resolve(anonymous))).toEqual({
      status: 401,
      body: { detail: "Authentication required." },
    });
    expect(await t.broker.pending({ owner: "alice" })).toEqual([request]);
  });

  it("answers 400 for every malformed body, and the call stays open", async () => {
    const request = await startRun();
    const malformed: readonly (string | object)[] = [
      "{not json",
      "",
      "[1, 2]",
      "null",
      {},
      { result: { city: "Lyon" }, error: "both", retryable: false },
      { result: { city: "Lyon" }, attempt: 0 },
      { result: { city: "Lyon" }, attempt: "1" },
      { error: "no retryable" },
      { error: 42, retryable: true },
    ];
    for (const body of malformed) {
      const { status, body: detail } = await statusAndBody(answer(request.requestId, body));
      expect({ body, status }).toEqual({ body, status: 400 });
      expect(detail).toEqual({ detail: expect.any(String) });
    }
    const notUtf8 = await rawRequest(`${server.origin}/client-tools/${request.requestId}`, {
      headers: { ...auth("alice"), "content-type": "application/json" },
      chunks: [new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
    });
    expect(notUtf8.status).toBe(400);
    expect(JSON.parse(notUtf8.body)).toEqual({ detail: "A client tool answer must be UTF-8 text." });
    expect(await t.broker.pending({ owner: "alice" })).toEqual([request]);
  });

  it("answers 415 to an answer that is not application/json (a cross-site form's simple request), and the call stays open", async () => {
    const request = await startRun();
    const body = JSON.stringify({ result: { city: "Forged" } });
    // Without a Content-Type, fetch sends a string body as text/plain, as a form would.
    for (const contentType of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      undefined,
    ]) {
      const response = await fetch(`${server.origin}/client-tools/${request.requestId}`, {
        method: "POST",
        headers: { ...auth("alice"), ...(contentType && { "content-type": contentType }) },
        body,
      });
      expect({ contentType, status: response.status }).toEqual({ contentType, status: 415 });
    }
    expect((await answer(request.requestId, { result: { city: "Lyon" } })).status).toBe(200);
    const charset = await fetch(`${server.origin}/client-tools/${request.requestId}`, {
      method: "POST",
      headers: { ...auth("alice"), "content-type": "Application/JSON; charset=utf-8" },
      body,
    });
    expect(charset.status).toBe(409);
  });

  it("answers 404 alike for an unknown id and for another owner's call, and for unknown paths", async () => {
    const request = await startRun("alice");
    const unknownId = "A".repeat(22);
    const unknown = await statusAndBody(answer(unknownId, { result: { city: "Nowhere" } }, "mallory"));
    const notYours = await statusAndBody(answer(request.requestId, { result: { city: "Nowhere" } }, "mallory"));
    expect(unknown.status).toBe(404);
    expect(notYours.status).toBe(404);
    expect(JSON.stringify(notYours.body).replace(request.requestId, unknownId)).toBe(JSON.stringify(unknown.body));

    expect((await fetch(`${server.origin}/client-tools/a/b`, { method: "POST", headers: auth("alice") })).status).toBe(
      404,
    );
    expect((await fetch(`${server.origin}/elsewhere`, { headers: auth("alice") })).status).toBe(404);
    expect(await t.broker.pending({ owner: "alice" })).toEqual([request]);
  });

  it("answers 405 with Allow for the wrong method", async () => {
    const request = await startRun();
    const wrong = await fetch(`${server.origin}/client-tools/${request.requestId}`, { headers: auth("alice") });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect(
      (await fetch(`${server.origin}/client-tools`, { method: "POST", headers: auth("alice") })).headers.get("allow"),
    ).toBe("GET");
  });

  it("answers 409 to a second answer and to a stale attempt; only the first answer counts", async () => {
    const request = await startRun();
    expect((await answer(request.requestId, { result: { city: "Lyon" }, attempt: 2 })).status).toBe(409);
    expect((await answer(request.requestId, { result: { city: "Lyon" } })).status).toBe(200);
    const again = await statusAndBody(answer(request.requestId, { result: { city: "Paris" } }));
    expect(again).toEqual({ status: 409, body: { detail: expect.stringMatching(/already ended/) } });
    await expect(runs.get(request.requestId)).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });

  it('takes an answer addressed by toolCallId (the handler: "client" wire), with the same owner, attempt and one-time checks', async () => {
    const request = await startRun();
    const byToolCall = (body: unknown, owner = "alice", conversation = "c1") =>
      fetch(`${server.origin}/client-tools/conversations/${encodeURIComponent(conversation)}/tool-calls`, {
        method: "POST",
        headers: { ...auth(owner), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const result = { type: "tool.result", id: request.toolCallId, result: { city: "Lyon" } };
    expect((await byToolCall(result, "mallory")).status).toBe(404);
    expect((await byToolCall(result, "alice", "c2")).status).toBe(404);
    expect((await byToolCall({ ...result, id: "call_unknown" })).status).toBe(404);
    expect((await byToolCall({ ...result, type: "tool.done" })).status).toBe(400);
    expect((await byToolCall({ type: "tool.error", id: request.toolCallId, error: "x" })).status).toBe(400);
    expect((await byToolCall({ ...result, result: { town: "Lyon" } })).status).toBe(422);
    expect((await byToolCall({ ...result, attempt: 2 })).status).toBe(409);
    expect((await byToolCall(result)).status).toBe(200);
    expect((await byToolCall(result)).status).toBe(409);
    await expect(runs.get(request.requestId)).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });

    const failing = await startRun();
    expect(
      (await byToolCall({ type: "tool.error", id: failing.toolCallId, error: "GPS off", retryable: false })).status,
    ).toBe(200);
    await expect(runs.get(failing.requestId)).resolves.toEqual({ status: "error", error: "GPS off", retryable: false });
  });

  it("answers 422 with the problems for an invalid result; the call stays open for a corrected one", async () => {
    const request = await startRun();
    const invalid = await statusAndBody(answer(request.requestId, { result: { town: "Lyon" } }));
    expect(invalid).toEqual({
      status: 422,
      body: {
        detail: expect.stringMatching(/does not match its outputSchema/),
        errors: expect.arrayContaining([{ pointer: "/city", message: expect.stringMatching(/city/) }]),
      },
    });
    expect((await answer(request.requestId, { result: { city: "Lyon" } })).status).toBe(200);
    await expect(runs.get(request.requestId)).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });

  it("answers 413 to a declared oversized body without waiting for it, and closes the connection", {
    timeout: 5000,
  }, async () => {
    const request = await startRun();
    // Declares 10 MB, sends 100 bytes and never finishes: only an early refusal can arrive.
    const refused = await rawRequest(`${server.origin}/client-tools/${request.requestId}`, {
      headers: { ...auth("alice"), "content-type": "application/json", "content-length": String(10_000_000) },
      chunks: ["x".repeat(100)],
      end: false,
    });
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ detail: `A client tool answer may be at most ${MAX_BODY} bytes.` });
    expect(refused.headers.connection).toBe("close");
    expect(await t.broker.pending({ owner: "alice" })).toEqual([request]);
  });

  it("answers 413 to a chunked body as soon as it passes the limit, before it ends", { timeout: 5000 }, async () => {
    const request = await startRun();
    const refused = await rawRequest(`${server.origin}/client-tools/${request.requestId}`, {
      headers: { ...auth("alice"), "content-type": "application/json" },
      chunks: [`{"result":{"city":"${"L".repeat(600)}`, "y".repeat(600)],
      end: false,
    });
    expect(refused.status).toBe(413);
    // The call is untouched: a proper answer still goes through.
    expect((await answer(request.requestId, { result: { city: "Lyon" } })).status).toBe(200);
  });

  it("takes a body of exactly the limit", async () => {
    const request = await startRun();
    const body = JSON.stringify({ result: { city: "" } });
    const padded = body.replace('""', `"${"L".repeat(MAX_BODY - body.length)}"`);
    expect(new TextEncoder().encode(padded).byteLength).toBe(MAX_BODY);
    expect((await answer(request.requestId, padded)).status).toBe(200);
  });
});

describe("toNodeListener", () => {
  it("turns a handler's exception into a bare 500 and reports it", async () => {
    const onError = vi.fn();
    const failing = await listen(toNodeListener(() => Promise.reject(new Error("store down")), { onError }));
    try {
      const response = await fetch(`${failing.origin}/client-tools`);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe("");
      expect(onError).toHaveBeenCalledWith(new Error("store down"));
    } finally {
      await failing.close();
    }
  });

  it("takes a client that drops the connection mid-body for no error: nothing reported, the server serves on", async () => {
    const onError = vi.fn();
    const reading = await listen(toNodeListener(async (request) => new Response(await request.text()), { onError }));
    try {
      for (let i = 0; i < 5; i++) {
        const socket = connectTcp(Number(new URL(reading.origin).port), "127.0.0.1");
        await new Promise<void>((resolve) => socket.once("connect", resolve));
        socket.write(
          'POST /client-tools/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"result":',
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
        socket.destroy();
      }
      expect((await fetch(`${reading.origin}/`, { method: "POST", body: "still here" })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(onError).not.toHaveBeenCalled();
    } finally {
      await reading.close();
    }
  });

  it("passes method, path, query, headers and body through", async () => {
    let seen: { method: string; url: string; header: string | null; body: string } | undefined;
    const echo = await listen(
      toNodeListener(async (request) => {
        seen = {
          method: request.method,
          url: new URL(request.url).pathname + new URL(request.url).search,
          header: request.headers.get("x-test"),
          body: await request.text(),
        };
        return new Response("ok", { status: 201, headers: { "x-reply": "yes" } });
      }),
    );
    try {
      const response = await fetch(`${echo.origin}/a/b?c=d`, {
        method: "PUT",
        headers: { "x-test": "1" },
        body: "hello",
      });
      expect([response.status, response.headers.get("x-reply"), await response.text()]).toEqual([201, "yes", "ok"]);
      expect(seen).toEqual({ method: "PUT", url: "/a/b?c=d", header: "1", body: "hello" });
    } finally {
      await echo.close();
    }
  });
});

describe("createClientToolsHandler, in process", () => {
  it("serves under its basePath only, and takes an empty identity for none", async () => {
    const local = createTestBroker();
    const handler = createClientToolsHandler(local.broker, {
      authenticate: (r) => r.headers.get("x-owner") ?? undefined,
      basePath: "/api/tools/",
    });
    expect((await handler(new Request("http://app/api/tools", { headers: { "x-owner": "alice" } }))).status).toBe(200);
    expect((await handler(new Request("http://app/client-tools", { headers: { "x-owner": "alice" } }))).status).toBe(
      404,
    );
    expect((await handler(new Request("http://app/api/tools", { headers: { "x-owner": "" } }))).status).toBe(401);
    await local.broker.close();
  });
});

describe("a store that does not answer", () => {
  it("gets 503 with Retry-After on every route, and the broker's state stays as it was", async () => {
    const store = new InMemoryPendingCallStore();
    const broker = new ClientCallBroker({ tools: specs, store });
    const handler = createClientToolsHandler(broker, { authenticate: () => "alice" });
    const unavailable = () =>
      Promise.reject(new ClientCallStoreUnavailableError("no answer from Redis within 2000 ms"));
    vi.spyOn(store, "list").mockImplementation(unavailable);
    vi.spyOn(store, "get").mockImplementation(unavailable);
    vi.spyOn(store, "findByToolCall").mockImplementation(unavailable);
    const post = (path: string, body: unknown) =>
      handler(
        new Request(`http://app${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    const responses = [
      await handler(new Request("http://app/client-tools")),
      await handler(new Request("http://app/client-tools/events")),
      await post("/client-tools/r1", { result: { city: "Lyon" } }),
      await post("/client-tools/conversations/c1/tool-calls", {
        type: "tool.result",
        id: "call_1",
        result: { city: "Lyon" },
      }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("1");
      expect(((await response.json()) as { detail: string }).detail).toMatch(
        /store of pending client tool calls is unavailable/,
      );
    }
    await broker.close();
  });

  it("bounds the bytes of one owner's answers taken at once (maxAnswerBytesInFlightPerOwner): past it 429 with Retry-After, and a body that ends frees its bytes", {
    timeout: 10_000,
  }, async () => {
    const local = createTestBroker({ maxAnswerBytesInFlightPerOwner: 1_500 });
    const served = await listen(
      toNodeListener(
        createClientToolsHandler(local.broker, {
          authenticate: (request) => request.headers.get("authorization")?.slice("Bearer ".length),
        }),
      ),
    );
    const { request } = await local.dispatchLocation();
    const url = `${served.origin}/client-tools/${request.requestId}`;
    // An answer of 1,000 bytes that keeps its connection open, never finished.
    const held = httpRequest(url, {
      method: "POST",
      headers: { ...auth("alice"), "content-type": "application/json" },
    });
    held.on("error", () => {});
    held.write(" ".repeat(1_000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const busy = await rawRequest(url, {
      headers: { ...auth("alice"), "content-type": "application/json" },
      chunks: [JSON.stringify({ result: { city: "L".repeat(600) } })],
    });
    expect(busy.status).toBe(429);
    expect(busy.headers["retry-after"]).toBe("1");
    expect(JSON.parse(busy.body).detail).toMatch(/more than 1500 bytes being taken at once/);
    // Another owner is not held up by alice's answers.
    expect(
      (
        await rawRequest(url, {
          headers: { ...auth("bob"), "content-type": "application/json" },
          chunks: ['{"result":{"city":"X"}}'],
        })
      ).status,
    ).toBe(404);
    held.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      (
        await rawRequest(url, {
          headers: { ...auth("alice"), "content-type": "application/json" },
          chunks: [JSON.stringify({ result: { city: "L".repeat(600) } })],
        })
      ).status,
    ).toBe(200);
    await served.close();
    await local.broker.close();
  });
});
