import { afterEach, describe, expect, it } from "vitest";
import { specs } from "../__fixtures__/tools.js";
import { ClientCallBroker } from "../broker.js";
import { attachClientTools, type ClientToolSocket, type WebSocketData } from "./ws-attach.js";

/** A socket as `attachClientTools` sees it, in memory: what the server sent, how it was closed, and a way to send to it. */
function fakeSocket() {
  const listeners = {
    message: new Set<(data: WebSocketData, isBinary: boolean) => void>(),
    close: new Set<() => void>(),
  };
  const sent: { type: string; [key: string]: unknown }[] = [];
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    closed: undefined as { code: number; reason: string } | undefined,
    send: (data: string) => void sent.push(JSON.parse(data) as { type: string }),
    close(code: number, reason: string) {
      this.closed = { code, reason };
      this.readyState = 3;
    },
    on: (event: string, listener: never) => void (listeners as Record<string, Set<unknown>>)[event]?.add(listener),
    off: (event: string, listener: never) => void (listeners as Record<string, Set<unknown>>)[event]?.delete(listener),
  };
  const receive = (message: unknown, isBinary = false) => {
    const data = new TextEncoder().encode(typeof message === "string" ? message : JSON.stringify(message));
    for (const listener of listeners.message) listener(data, isBinary);
  };
  const hangUp = () => {
    for (const listener of listeners.close) listener();
  };
  return { socket: socket satisfies ClientToolSocket, sent, receive, hangUp, listeners };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

let broker: ClientCallBroker;
afterEach(() => broker?.close());

const dispatch = (toolCallId: string) =>
  broker.dispatch({ conversationId: "c1", owner: "alice", toolName: "get_location", toolCallId, args: {} });

describe("attachClientTools", () => {
  it("sends the owner's open calls and each new request, and takes the client's result", async () => {
    broker = new ClientCallBroker({ tools: specs });
    const open = dispatch("call_1");
    const { socket, sent, receive } = fakeSocket();
    await new Promise((resolve) => setTimeout(resolve, 20));
    attachClientTools(socket, broker, "alice");
    await until(() => sent.some((m) => m.type === "client_tool.requested"));
    const later = dispatch("call_2");
    await until(() => sent.filter((m) => m.type === "client_tool.requested").length === 2);
    const requests = sent.map((m) => m["request"] as { requestId: string; toolCallId: string; attempt: number });
    expect(requests.map((r) => r.toolCallId)).toEqual(["call_1", "call_2"]);
    for (const request of requests) {
      receive({ type: "client_tool.result", requestId: request.requestId, attempt: 1, result: { city: "Lyon" } });
    }
    await expect(open).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    await expect(later).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
  });

  it("answers a malformed, binary or oversized frame with client_tool.rejected, and keeps the socket open", async () => {
    broker = new ClientCallBroker({ tools: specs });
    const { socket, sent, receive } = fakeSocket();
    attachClientTools(socket, broker, "alice", { maxMessageBytes: 100 });
    receive("{not json");
    receive({ type: "client_tool.result", requestId: "r", attempt: 1, result: {} }, true);
    receive({ type: "client_tool.result", requestId: "r", attempt: 1, result: { text: "x".repeat(200) } });
    await until(() => sent.filter((m) => m.type === "client_tool.rejected").length === 3);
    expect(sent.map((m) => m["status"])).toEqual([400, 400, 413]);
    expect(socket.closed).toBeUndefined();
  });

  it("closes a socket whose client does not read (1008), and stops following the owner's calls when it closes", async () => {
    broker = new ClientCallBroker({ tools: specs });
    const { socket, sent, hangUp, listeners } = fakeSocket();
    attachClientTools(socket, broker, "alice", { maxBufferedBytes: 10 });
    socket.bufferedAmount = 11;
    void dispatch("call_1");
    await until(() => socket.closed !== undefined);
    expect(socket.closed?.code).toBe(1008);
    expect(sent).toEqual([]);
    hangUp();
    expect(listeners.message.size).toBe(0);
  });
});
