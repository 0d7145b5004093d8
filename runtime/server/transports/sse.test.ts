import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ClientToolRequest } from "../../wire/messages.js";
import {
  decodeClientToolCancelledEvent,
  decodeClientToolEvent,
  decodeClientToolMismatchEvent,
  encodeClientToolCancelledEvent,
  encodeClientToolEvent,
} from "../../wire/sse.js";
import { createTestBroker, type TestBroker } from "../__fixtures__/tools.js";
import { type Listening, listen, trackListeners, waitFor } from "./__fixtures__/net.js";
import {
  changedLocationMismatch,
  compatiblePageContract,
  expectOutOfDate,
  olderPageContract,
  specsListingCompatible,
} from "./__fixtures__/older-page.js";
import { createClientToolsHandler } from "./http-handler.js";
import { toNodeListener } from "./node-listener.js";

const request: ClientToolRequest = {
  requestId: "r1",
  conversationId: "c1",
  toolName: "confirm_purchase",
  toolCallId: "call_1",
  args: { item: "two\nlines" },
  attempt: 1,
  expiresAt: 1_735_689_630_000,
};

describe("SSE encoding", () => {
  it("writes a client_tool event with the request as one data line", () => {
    const text = encodeClientToolEvent(request);
    expect(text).toBe(`event: client_tool\ndata: ${JSON.stringify(request)}\n\n`);
    expect(text.split("\n")).toHaveLength(4);
    expect(decodeClientToolEvent(text.split("\n")[1]!.slice("data: ".length))).toEqual(request);
  });

  it("writes a client_tool.cancelled event", () => {
    const message = { type: "client_tool.cancelled", requestId: "r1", reason: "stop" } as const;
    expect(encodeClientToolCancelledEvent(message)).toBe(
      `event: client_tool.cancelled\ndata: ${JSON.stringify(message)}\n\n`,
    );
    expect(decodeClientToolCancelledEvent(JSON.stringify(message))).toEqual(message);
  });

  it("carries a private input's request with its flag and the value's schema", () => {
    const asking = { ...request, privateInput: true as const, privateInputSchema: { type: "object" } };
    expect(decodeClientToolEvent(encodeClientToolEvent(asking).split("\n")[1]!.slice("data: ".length))).toEqual(asking);
  });

  it("decodes only well-formed requests", () => {
    expect(decodeClientToolEvent("{oops")).toBeUndefined();
    expect(decodeClientToolEvent(JSON.stringify({ ...request, attempt: 0 }))).toBeUndefined();
    expect(decodeClientToolEvent(JSON.stringify({ ...request, args: [] }))).toBeUndefined();
    const { toolCallId: _, ...withoutCallId } = request;
    expect(decodeClientToolEvent(JSON.stringify(withoutCallId))).toBeUndefined();
    expect(decodeClientToolCancelledEvent(JSON.stringify({ requestId: "r1" }))).toBeUndefined();
  });
});

/** Reads `event:` / `data:` pairs off a streamed response body. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(): Promise<{ event: string; data: string }> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          // Comments (": ...") are keep-alives and openers, not events.
          if (block.startsWith(":")) continue;
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
          return { event, data: /^data: (.*)$/m.exec(block)?.[1] ?? "" };
        }
        const { done, value } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

let t: TestBroker;
let server: Listening;

beforeEach(async () => {
  t = createTestBroker();
  server = await listen(
    toNodeListener(createClientToolsHandler(t.broker, { authenticate: (r) => r.headers.get("x-owner") ?? undefined })),
  );
});
afterEach(async () => {
  await server.close();
  await t.broker.close();
});

describe("SSE transport, over a real socket", () => {
  it("streams the owner's open calls, then new ones and cancellations; the answer goes back through POST", {
    timeout: 10_000,
  }, async () => {
    const before = await t.dispatchLocation("alice");
    const response = await fetch(`${server.origin}/client-tools/events`, { headers: { "x-owner": "alice" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const events = eventReader(response.body!);

    // Sent before the page connected: replayed.
    expect(await events.next()).toEqual({ event: "client_tool", data: JSON.stringify(before.request) });

    // Another owner's call does not reach this stream; the owner's next one does.
    await t.dispatchLocation("bob");
    const after = await t.dispatchLocation("alice");
    const event = await events.next();
    expect(event.event).toBe("client_tool");
    expect(decodeClientToolEvent(event.data)).toEqual(after.request);

    const answer = await fetch(`${server.origin}/client-tools/${after.request.requestId}`, {
      method: "POST",
      headers: { "x-owner": "alice", "content-type": "application/json" },
      body: JSON.stringify({ result: { city: "Lyon" }, attempt: 1 }),
    });
    expect(answer.status).toBe(200);
    await expect(after.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    // The stream was sent the call: it hears that it ended, so that the user's other tabs stop their handler.
    expect(await events.next()).toEqual({
      event: "client_tool.cancelled",
      data: JSON.stringify({
        type: "client_tool.cancelled",
        requestId: after.request.requestId,
        reason: "A page of this user answered the call.",
      }),
    });

    await t.broker.cancel({ requestId: before.request.requestId, owner: "alice" }, "The user left.");
    expect(await events.next()).toEqual({
      event: "client_tool.cancelled",
      data: JSON.stringify({
        type: "client_tool.cancelled",
        requestId: before.request.requestId,
        reason: "The user left.",
      }),
    });
    await events.cancel();
  });

  it("sends a page generated from older specs no call it cannot run: the page gets client_tool.mismatch, the model a clear outcome at once", {
    timeout: 10_000,
  }, async () => {
    const response = await fetch(`${server.origin}/client-tools/events?tools=${olderPageContract}`, {
      headers: { "x-owner": "alice" },
    });
    expect(response.status).toBe(200);
    const events = eventReader(response.body!);

    // get_location changed its outputSchema since the page was built; read_clipboard did not exist.
    const changed = await t.dispatchLocation("alice");
    const changedEvent = await events.next();
    expect(changedEvent.event).toBe("client_tool.mismatch");
    expect(decodeClientToolMismatchEvent(changedEvent.data)).toEqual(changedLocationMismatch(changed.request));
    await expectOutOfDate(changed.outcome, ["result"]);

    const added = t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "read_clipboard",
      toolCallId: "call_new",
      args: {},
    });
    const addedEvent = decodeClientToolMismatchEvent((await events.next()).data);
    expect([addedEvent?.toolName, addedEvent?.differs]).toEqual(["read_clipboard", ["missing"]]);
    await expectOutOfDate(added, ["missing"]);

    // A tool the page has as the server does still reaches it.
    const same = t.broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "confirm_purchase",
      toolCallId: "call_same",
      args: { item: "tea" },
    });
    const sameEvent = await events.next();
    expect(sameEvent.event).toBe("client_tool");
    expect(decodeClientToolEvent(sameEvent.data)?.toolName).toBe("confirm_purchase");
    await t.broker.cancel({ requestId: decodeClientToolEvent(sameEvent.data)!.requestId, owner: "alice" }, "done");
    await expect(same).resolves.toMatchObject({ status: "cancelled" });
    await events.cancel();
  });

  it("sends a page built before a change proved compatible its calls, and takes its answers; an older page still gets the mismatch", {
    timeout: 10_000,
  }, async () => {
    const listing = createTestBroker({ tools: specsListingCompatible });
    const own = await listen(
      toNodeListener(
        createClientToolsHandler(listing.broker, { authenticate: (r) => r.headers.get("x-owner") ?? undefined }),
      ),
    );
    try {
      const compatible = await fetch(`${own.origin}/client-tools/events?tools=${compatiblePageContract}`, {
        headers: { "x-owner": "alice" },
      });
      const events = eventReader(compatible.body!);
      const call = await listing.dispatchLocation("alice");
      const event = await events.next();
      expect(event.event).toBe("client_tool");
      expect(decodeClientToolEvent(event.data)).toEqual(call.request);
      const answer = await fetch(`${own.origin}/client-tools/${call.request.requestId}`, {
        method: "POST",
        headers: { "x-owner": "alice", "content-type": "application/json" },
        body: JSON.stringify({ result: { city: "Lyon" }, attempt: 1 }),
      });
      expect(answer.status).toBe(200);
      await expect(call.outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
      await events.cancel();

      const older = await fetch(`${own.origin}/client-tools/events?tools=${olderPageContract}`, {
        headers: { "x-owner": "bob" },
      });
      const olderEvents = eventReader(older.body!);
      const refused = await listing.dispatchLocation("bob");
      expect(decodeClientToolMismatchEvent((await olderEvents.next()).data)).toEqual(
        changedLocationMismatch(refused.request),
      );
      await expectOutOfDate(refused.outcome, ["result"]);
      await olderEvents.cancel();
    } finally {
      await own.close();
      await listing.broker.close();
    }
  });

  it("refuses a stream whose contract is malformed with 400, naming the fix", { timeout: 10_000 }, async () => {
    const response = await fetch(`${server.origin}/client-tools/events?tools=2.get_location`, {
      headers: { "x-owner": "alice" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      detail:
        "The page's client tool contract (the generated clientToolContract) is malformed: it does not start with version 1; regenerate the page's client tool code.",
    });
  });

  it("stops following the broker when the client disconnects", { timeout: 10_000 }, async () => {
    const listeners = trackListeners(t.broker);
    const controller = new AbortController();
    const _response = await fetch(`${server.origin}/client-tools/events`, {
      headers: { "x-owner": "alice" },
      signal: controller.signal,
    });
    expect(listeners()).toBe(3);
    controller.abort();
    await waitFor(() => (listeners() === 0 ? true : undefined), "the stream to unsubscribe");
  });
});
