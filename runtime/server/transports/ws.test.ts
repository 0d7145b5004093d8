import { connect as connectTcp } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { createClientToolRunner } from "../../client/runner.js";
import {
  type ClientToolServerMessage,
  decodeClientToolAnswer,
  decodeClientToolServerMessage,
  encodeClientToolMessage,
} from "../../wire/ws-codec.js";
import { createTestBroker, type TestBroker } from "../__fixtures__/tools.js";
import { trackListeners, waitFor } from "./__fixtures__/net.js";
import {
  changedLocationMismatch,
  compatiblePageContract,
  expectOutOfDate,
  olderPageContract,
  specsListingCompatible,
} from "./__fixtures__/older-page.js";
import { attachClientTools } from "./ws-attach.js";
import { allowOrigins } from "./ws-origins.js";

const MAX_MESSAGE = 1024;

describe("WebSocket codec", () => {
  const request = {
    requestId: "r1",
    conversationId: "c1",
    toolName: "get_location",
    toolCallId: "call_1",
    args: {},
    attempt: 1,
    expiresAt: 1,
  };

  it("round-trips every server message", () => {
    const messages: ClientToolServerMessage[] = [
      { type: "client_tool.requested", request },
      { type: "client_tool.cancelled", requestId: "r1", reason: "timed out" },
      {
        type: "client_tool.rejected",
        requestId: "r1",
        status: 422,
        detail: "bad",
        errors: [{ pointer: "/city", message: "must be string" }],
      },
      { type: "client_tool.rejected", status: 400, detail: "not JSON" },
    ];
    for (const message of messages)
      expect(decodeClientToolServerMessage(encodeClientToolMessage(message))).toEqual(message);
  });

  it("carries a private input's request with its flag and the value's schema, and refuses a malformed one", () => {
    const asking = {
      ...request,
      privateInput: true as const,
      privateInputSchema: { type: "object", properties: { token: { type: "string" } } },
    };
    const message: ClientToolServerMessage = { type: "client_tool.requested", request: asking };
    expect(decodeClientToolServerMessage(encodeClientToolMessage(message))).toEqual(message);
    expect(
      decodeClientToolServerMessage(
        JSON.stringify({ type: "client_tool.requested", request: { ...asking, privateInputSchema: "x" } }),
      ),
    ).toBeUndefined();
    expect(
      decodeClientToolServerMessage(
        JSON.stringify({ type: "client_tool.requested", request: { ...asking, privateInput: "yes" } }),
      ),
    ).toBeUndefined();
  });

  it("ignores frames that are not server messages", () => {
    for (const text of [
      "nope",
      "[]",
      '{"type":"client_tool.requested","request":{"requestId":1}}',
      '{"type":"chat.message"}',
      '{"type":"client_tool.rejected"}',
    ]) {
      expect(decodeClientToolServerMessage(text)).toBeUndefined();
    }
  });

  it("decodes answers, and refuses anything else with 400", () => {
    const result = encodeClientToolMessage({
      type: "client_tool.result",
      requestId: "r1",
      attempt: 2,
      result: { city: "Lyon" },
    });
    expect(decodeClientToolAnswer(result)).toEqual({
      by: "requestId",
      answer: { requestId: "r1", attempt: 2, result: { city: "Lyon" } },
    });
    const error = encodeClientToolMessage({
      type: "client_tool.error",
      requestId: "r1",
      attempt: 1,
      error: "off",
      retryable: true,
    });
    expect(decodeClientToolAnswer(error)).toEqual({
      by: "requestId",
      answer: { requestId: "r1", attempt: 1, error: "off", retryable: true },
    });
    for (const text of [
      "nope",
      '{"type":"client_tool.result","requestId":"r1"}',
      '{"type":"client_tool.result","result":1}',
      '{"type":"other","requestId":"r1"}',
    ]) {
      expect(() => decodeClientToolAnswer(text)).toThrow(expect.objectContaining({ status: 400 }));
    }
  });
});

/** A test client: every message it receives, in order, decoded. */
async function connect(port: number, owner: string, contract?: string) {
  const socket = new WebSocket(
    `ws://127.0.0.1:${port}/?owner=${owner}${contract === undefined ? "" : `&tools=${contract}`}`,
  );
  const received: ClientToolServerMessage[] = [];
  socket.on("message", (data) => received.push(decodeClientToolServerMessage(String(data))!));
  const closed = new Promise<number>((resolve) => socket.once("close", resolve));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let seen = 0;
  return {
    socket,
    received,
    /** The close code, once the socket closes. */
    closed,
    /** The next message not yet taken. */
    next: () => waitFor(() => (received.length > seen ? received[seen++] : undefined), "a server message"),
    send: (message: unknown) => socket.send(typeof message === "string" ? message : JSON.stringify(message)),
  };
}

let t: TestBroker;
let wss: WebSocketServer;
let port: number;

beforeEach(async () => {
  t = createTestBroker();
  wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((resolve) => wss.once("listening", resolve));
  port = (wss.address() as { port: number }).port;
  // The test's identity scheme: the owner in the query string.
  wss.on("connection", (socket, req) => {
    attachClientTools(socket, t.broker, new URL(req.url!, "http://x").searchParams.get("owner")!, {
      maxMessageBytes: MAX_MESSAGE,
      url: req.url!,
    });
  });
});
afterEach(async () => {
  for (const client of wss.clients) client.terminate();
  await new Promise((resolve) => wss.close(resolve));
  await t.broker.close();
});

describe("WebSocket transport, over a real socket", () => {
  it("sends open and new requests, and takes the result back", { timeout: 10_000 }, async () => {
    const before = await t.dispatchLocation("alice");
    const alice = await connect(port, "alice");
    expect(await alice.next()).toEqual({ type: "client_tool.requested", request: before.request });

    await t.dispatchLocation("bob");
    const after = await t.dispatchLocation("alice");
    expect(await alice.next()).toEqual({ type: "client_tool.requested", request: after.request });

    alice.send({
      type: "client_tool.result",
      requestId: after.request.requestId,
      attempt: 1,
      result: { city: "Lyon" },
    });
    await expect(after.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    alice.send({
      type: "client_tool.error",
      requestId: before.request.requestId,
      attempt: 1,
      error: "Location is off.",
      retryable: false,
    });
    await expect(before.outcome).resolves.toEqual({ status: "error", error: "Location is off.", retryable: false });
    // Nothing was refused.
    expect(alice.received.filter((m) => m.type === "client_tool.rejected")).toEqual([]);
  });

  it("answers malformed, binary and oversized frames with a rejection, keeping the socket and the other calls open", {
    timeout: 10_000,
  }, async () => {
    const alice = await connect(port, "alice");
    const call = await t.dispatchLocation("alice");
    await alice.next();

    alice.send("{not json");
    expect(await alice.next()).toEqual({
      type: "client_tool.rejected",
      status: 400,
      detail: "A client tool message must be a JSON object.",
    });
    alice.send({
      type: "client_tool.result",
      requestId: call.request.requestId,
      attempt: "one",
      result: { city: "Lyon" },
    });
    expect(await alice.next()).toMatchObject({
      type: "client_tool.rejected",
      requestId: call.request.requestId,
      status: 400,
    });
    alice.socket.send(new Uint8Array([1, 2, 3]), { binary: true });
    expect(await alice.next()).toMatchObject({
      type: "client_tool.rejected",
      status: 400,
      detail: "Send client tool messages as text frames.",
    });
    alice.send({
      type: "client_tool.result",
      requestId: call.request.requestId,
      result: { city: "L".repeat(MAX_MESSAGE) },
    });
    expect(await alice.next()).toEqual({
      type: "client_tool.rejected",
      status: 413,
      detail: `A client tool answer may be at most ${MAX_MESSAGE} bytes.`,
    });

    expect(alice.socket.readyState).toBe(WebSocket.OPEN);
    alice.send({ type: "client_tool.result", requestId: call.request.requestId, attempt: 1, result: { city: "Lyon" } });
    await expect(call.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });

  it("passes on the broker's refusals: 404 for another owner's call, 422 with problems, 409 after the end", {
    timeout: 10_000,
  }, async () => {
    const call = await t.dispatchLocation("alice");
    const mallory = await connect(port, "mallory");
    mallory.send({
      type: "client_tool.result",
      requestId: call.request.requestId,
      attempt: 1,
      result: { city: "Nowhere" },
    });
    expect(await mallory.next()).toMatchObject({
      type: "client_tool.rejected",
      requestId: call.request.requestId,
      status: 404,
    });

    const alice = await connect(port, "alice");
    await alice.next();
    alice.send({ type: "client_tool.result", requestId: call.request.requestId, attempt: 1, result: { town: "Lyon" } });
    expect(await alice.next()).toMatchObject({
      status: 422,
      errors: expect.arrayContaining([expect.objectContaining({ pointer: "/city" })]),
    });
    alice.send({ type: "client_tool.result", requestId: call.request.requestId, attempt: 1, result: { city: "Lyon" } });
    await expect(call.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    alice.send({
      type: "client_tool.result",
      requestId: call.request.requestId,
      attempt: 1,
      result: { city: "Paris" },
    });
    expect(await alice.next()).toMatchObject({
      type: "client_tool.rejected",
      requestId: call.request.requestId,
      status: 409,
    });
  });

  it("tells the client when the server stops waiting", { timeout: 10_000 }, async () => {
    const alice = await connect(port, "alice");
    const call = await t.dispatchLocation("alice");
    await alice.next();
    await t.broker.cancel({ requestId: call.request.requestId, owner: "alice" }, "The user left.");
    expect(await alice.next()).toEqual({
      type: "client_tool.cancelled",
      requestId: call.request.requestId,
      reason: "The user left.",
    });
  });

  it("tells the owner's other sockets that a call ended once one answered it, and not the socket that answered", {
    timeout: 10_000,
  }, async () => {
    const [tabA, tabB] = [await connect(port, "alice"), await connect(port, "alice")];
    const call = await t.dispatchLocation("alice");
    for (const tab of [tabA, tabB]) expect(await tab.next()).toMatchObject({ type: "client_tool.requested" });
    tabA.send({ type: "client_tool.result", requestId: call.request.requestId, attempt: 1, result: { city: "Lyon" } });
    await expect(call.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    expect(await tabB.next()).toEqual({
      type: "client_tool.cancelled",
      requestId: call.request.requestId,
      reason: "A page of this user answered the call.",
    });
    // Tab A hears of the next call, not of the end of the one it answered.
    const next = await t.dispatchLocation("alice");
    expect(await tabA.next()).toMatchObject({
      type: "client_tool.requested",
      request: { requestId: next.request.requestId },
    });
  });

  it("carries the client runner's answers: the codec and the runner speak the same messages", {
    timeout: 10_000,
  }, async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/?owner=alice`);
    const runner = createClientToolRunner({
      handlers: { get_location: () => ({ city: "Lyon" }) },
      send: (answer) => socket.send(encodeClientToolMessage(answer)),
    });
    socket.on("message", (data) => {
      const message = decodeClientToolServerMessage(String(data));
      if (message?.type === "client_tool.requested") void runner.handle(message.request);
      if (message?.type === "client_tool.cancelled") runner.cancel(message.requestId, message.reason);
    });
    await new Promise((resolve) => socket.once("open", resolve));
    const call = await t.dispatchLocation("alice");
    await expect(call.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    runner.close();
  });

  it("takes answers addressed by toolCallId (tool.result / tool.error), with the owner's, one-time and attempt checks", {
    timeout: 10_000,
  }, async () => {
    const alice = await connect(port, "alice");
    const first = await t.dispatchLocation("alice");
    const second = await t.dispatchLocation("alice");
    await alice.next();
    await alice.next();
    const mallory = await connect(port, "mallory");
    mallory.send({
      type: "tool.result",
      id: first.request.toolCallId,
      conversationId: "c1",
      result: { city: "Nowhere" },
    });
    expect(await mallory.next()).toMatchObject({
      type: "client_tool.rejected",
      toolCallId: first.request.toolCallId,
      status: 404,
    });
    // This socket serves every conversation of alice's: the frame names its own.
    alice.send({ type: "tool.result", id: first.request.toolCallId, result: { city: "Lyon" } });
    expect(await alice.next()).toMatchObject({
      type: "client_tool.rejected",
      toolCallId: first.request.toolCallId,
      status: 400,
      detail: expect.stringContaining("needs `conversationId`"),
    });
    alice.send({
      type: "tool.result",
      id: first.request.toolCallId,
      conversationId: "c1",
      attempt: 2,
      result: { city: "Lyon" },
    });
    expect(await alice.next()).toMatchObject({
      type: "client_tool.rejected",
      toolCallId: first.request.toolCallId,
      status: 409,
    });
    alice.send({
      type: "tool.result",
      id: first.request.toolCallId,
      conversationId: "c1",
      attempt: 1,
      result: { city: "Lyon" },
    });
    await expect(first.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    alice.send({ type: "tool.result", id: first.request.toolCallId, conversationId: "c1", result: { city: "Paris" } });
    expect(await alice.next()).toMatchObject({
      type: "client_tool.rejected",
      toolCallId: first.request.toolCallId,
      status: 409,
    });
    alice.send({
      type: "tool.error",
      id: second.request.toolCallId,
      conversationId: "c1",
      error: "Location is off.",
      retryable: false,
    });
    await expect(second.outcome).resolves.toEqual({ status: "error", error: "Location is off.", retryable: false });
    alice.send({ type: "tool.result", id: "call_unknown", conversationId: "c1", result: {} });
    expect(await alice.next()).toMatchObject({ type: "client_tool.rejected", toolCallId: "call_unknown", status: 404 });
    alice.send({ type: "tool.result", conversationId: "c1", result: {} });
    expect(await alice.next()).toMatchObject({
      type: "client_tool.rejected",
      status: 400,
      detail: expect.stringContaining("needs `id`"),
    });
  });

  it('recovers the calls a closed socket had by their tools\' policies: "settle" ends, "wait" stays for the next socket', {
    timeout: 10_000,
  }, async () => {
    const alice = await connect(port, "alice");
    const location = await t.dispatchLocation("alice");
    const payment = t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "pay_invoice",
      toolCallId: "call_pay",
      args: { invoice: "INV-1" },
    });
    await alice.next();
    await alice.next();
    alice.socket.close();
    await expect(payment).resolves.toEqual({
      status: "unknown_outcome",
      reason: "the user's client disconnected while the call was open",
    });
    const reloaded = await connect(port, "alice");
    expect(await reloaded.next()).toEqual({ type: "client_tool.requested", request: location.request });
    reloaded.send({
      type: "client_tool.result",
      requestId: location.request.requestId,
      attempt: 1,
      result: { city: "Lyon" },
    });
    await expect(location.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });

  it("sends a page generated from older specs no call it cannot run: the page gets client_tool.mismatch, the model a clear outcome at once", {
    timeout: 10_000,
  }, async () => {
    const alice = await connect(port, "alice", olderPageContract);
    const changed = await t.dispatchLocation("alice");
    expect(await alice.next()).toEqual(changedLocationMismatch(changed.request));
    await expectOutOfDate(changed.outcome, ["result"]);

    const added = t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "read_clipboard",
      toolCallId: "call_new",
      args: {},
    });
    expect(await alice.next()).toMatchObject({
      type: "client_tool.mismatch",
      toolName: "read_clipboard",
      differs: ["missing"],
    });
    await expectOutOfDate(added, ["missing"]);

    // A tool the page has as the server does still reaches it, and its answer is taken.
    const same = t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "confirm_purchase",
      toolCallId: "call_same",
      args: { item: "tea" },
    });
    const requested = await alice.next();
    expect(requested).toMatchObject({ type: "client_tool.requested", request: { toolName: "confirm_purchase" } });
    const { requestId } = (requested as { request: { requestId: string } }).request;
    alice.send({ type: "client_tool.result", requestId, attempt: 1, result: { confirmed: true } });
    await expect(same).resolves.toEqual({ status: "ok", result: { confirmed: true } });
  });

  it("sends a page built before a change proved compatible its calls, and takes its answers; an older page still gets the mismatch", {
    timeout: 10_000,
  }, async () => {
    await t.broker.close();
    t = createTestBroker({ tools: specsListingCompatible });
    const alice = await connect(port, "alice", compatiblePageContract);
    const call = await t.dispatchLocation("alice");
    expect(await alice.next()).toEqual({ type: "client_tool.requested", request: call.request });
    alice.send({ type: "client_tool.result", requestId: call.request.requestId, attempt: 1, result: { city: "Lyon" } });
    await expect(call.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });

    const bob = await connect(port, "bob", olderPageContract);
    const refused = await t.dispatchLocation("bob");
    expect(await bob.next()).toEqual(changedLocationMismatch(refused.request));
    await expectOutOfDate(refused.outcome, ["result"]);
  });

  it("refuses a socket whose contract is malformed: a 400 rejection naming the fix, then close code 1008", {
    timeout: 10_000,
  }, async () => {
    const mallory = await connect(port, "mallory", "1.get_location~a~nothex");
    expect(await mallory.next()).toEqual({
      type: "client_tool.rejected",
      status: 400,
      detail:
        "The page's client tool contract (the generated clientToolContract) is malformed: tool 1 has no parameters digest (12 hex digits).",
    });
    expect(await mallory.closed).toBe(1008);
    const listeners = trackListeners(t.broker);
    expect(listeners()).toBe(0);
  });

  it("detaches from the broker when the socket closes", { timeout: 10_000 }, async () => {
    const listeners = trackListeners(t.broker);
    const alice = await connect(port, "alice");
    await waitFor(() => (listeners() === 3 ? true : undefined), "the socket to attach");
    alice.socket.close();
    await waitFor(() => (listeners() === 0 ? true : undefined), "the socket to detach");
  });

  // As an attacker sends them, over a raw TCP socket: frames that break the WebSocket protocol.
  it.each([
    ["a text frame that is not UTF-8", Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xff, 0xfe]), 1007],
    ["an unmasked frame", Buffer.from([0x81, 0x02, 0x68, 0x69]), 1002],
    ["a frame with RSV1 set, no extension agreed", Buffer.from([0xc1, 0x82, 0, 0, 0, 0, 0x68, 0x69]), 1002],
  ])(
    "closes only the socket that sends %s (close code %i); the process and every other call go on",
    { timeout: 10_000 },
    async (_what, frame, code) => {
      const alice = await connect(port, "alice");
      const call = await t.dispatchLocation("alice");
      await alice.next();

      const closeCode = await rawFrame(port, frame);
      expect(closeCode).toBe(code);

      expect(alice.socket.readyState).toBe(WebSocket.OPEN);
      alice.send({
        type: "client_tool.result",
        requestId: call.request.requestId,
        attempt: 1,
        result: { city: "Lyon" },
      });
      await expect(call.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    },
  );
});

/** Opens a WebSocket by hand over TCP, sends one raw frame, and resolves to the close code the server answers with. */
async function rawFrame(port: number, frame: Buffer): Promise<number> {
  const socket = connectTcp(port, "127.0.0.1");
  let received = Buffer.alloc(0);
  let upgraded = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no close frame; received ${received.toString("hex")}`)), 5000);
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!upgraded) {
        const end = received.indexOf("\r\n\r\n");
        if (end === -1) return;
        expect(received.subarray(0, end).toString()).toMatch(/^HTTP\/1\.1 101 /);
        received = received.subarray(end + 4);
        upgraded = true;
        socket.write(frame);
      }
      // The server's close frame: opcode 8, then its payload's first two bytes are the code.
      if (received.length >= 4 && received[0] === 0x88) {
        clearTimeout(timer);
        socket.destroy();
        resolve(received.readUInt16BE(2));
      }
    });
    socket.write(
      "GET /?owner=mallory HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    );
  });
}

describe("allowOrigins, as a WebSocketServer's verifyClient", () => {
  it("opens the socket for a listed Origin, and refuses (403) another site's page and an upgrade without one", {
    timeout: 10_000,
  }, async () => {
    const server = new WebSocketServer({
      host: "127.0.0.1",
      port: 0,
      verifyClient: allowOrigins(["https://app.example.com"]),
    });
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
    const open = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url, { headers });
        socket.once("open", () => {
          socket.close();
          resolve(101);
        });
        socket.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
        socket.once("error", () => undefined);
      });
    try {
      expect(await open({ origin: "https://app.example.com" })).toBe(101);
      expect(await open({ origin: "https://evil.example" })).toBe(403);
      expect(await open({})).toBe(403);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
