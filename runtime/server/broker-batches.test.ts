import { afterEach, describe, expect, it } from "vitest";
import { nextRequests } from "./__fixtures__/next-request.js";
import { specs } from "./__fixtures__/tools.js";
import { ClientCallBroker } from "./broker.js";
import { InMemoryPendingCallStore } from "./stores/memory-store.js";

const brokers: ClientCallBroker[] = [];
afterEach(async () => {
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
});
const brokerOn = (store: InMemoryPendingCallStore): ClientCallBroker => {
  const broker = new ClientCallBroker({ tools: specs, store });
  brokers.push(broker);
  return broker;
};

const step = [
  { conversationId: "c1", owner: "alice", toolName: "get_location", toolCallId: "call_a", args: {} },
  { conversationId: "c1", owner: "alice", toolName: "confirm_purchase", toolCallId: "call_b", args: { item: "book" } },
  { conversationId: "c1", owner: "alice", toolName: "read_clipboard", toolCallId: "call_c", args: {} },
] as const;

describe("ClientCallBroker.dispatchAll", () => {
  it("sends every call of a step at once and resolves when the last has ended, each with its own outcome, in the order given", async () => {
    const broker = brokerOn(new InMemoryPendingCallStore());
    const sent = nextRequests(broker, 3);
    const batch = broker.dispatchAll(step);
    const [a, b, c] = await sent;
    expect([a, b, c].map((r) => r!.toolCallId)).toEqual(["call_a", "call_b", "call_c"]);
    let done = false;
    void batch.then(() => (done = true));
    await broker.submit({ requestId: c!.requestId, owner: "alice", result: { text: "copied" } });
    await broker.fail({ requestId: b!.requestId, owner: "alice", error: "The user said no.", retryable: false });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    // Another owner's answer is refused for its own call, and the batch waits on.
    await expect(
      broker.submit({ requestId: a!.requestId, owner: "mallory", result: { city: "Nowhere" } }),
    ).rejects.toMatchObject({ status: 404 });
    await broker.submit({ requestId: a!.requestId, owner: "alice", result: { city: "Lyon" } });
    await expect(batch).resolves.toEqual([
      { status: "ok", result: { city: "Lyon" } },
      { status: "error", error: "The user said no.", retryable: false },
      { status: "ok", result: { text: "copied" } },
    ]);
  });

  it("resumes after a restart with the answers that arrived meanwhile, sending the client nothing again", async () => {
    const store = new InMemoryPendingCallStore();
    // The instance that dispatched the batch; it dies (it is never heard from again).
    const dead = brokerOn(store);
    const sent = nextRequests(dead, 3);
    void dead.dispatchAll(step);
    const [a, b, c] = await sent;
    // While it is down, another instance takes two of the answers.
    const other = brokerOn(store);
    await other.submit({ requestId: a!.requestId, owner: "alice", result: { city: "Lyon" } });
    await other.submit({ requestId: c!.requestId, owner: "alice", result: { text: "copied" } });

    // The restarted agent loop dispatches the step again: the same calls, nothing new for the client.
    const restarted = brokerOn(store);
    const resent: unknown[] = [];
    restarted.on("requested", (call) => resent.push(call));
    const batch = restarted.dispatchAll(step);
    await other.submit({ requestId: b!.requestId, owner: "alice", result: { confirmed: true } });
    await expect(batch).resolves.toEqual([
      { status: "ok", result: { city: "Lyon" } },
      { status: "ok", result: { confirmed: true } },
      { status: "ok", result: { text: "copied" } },
    ]);
    expect(resent).toEqual([]);
    expect(store.stats()).toMatchObject({ open: 0, closed: 3 });
  });

  it("refuses a batch with an unknown or fire-and-forget tool, or a toolCallId twice, before anything is sent", async () => {
    const broker = brokerOn(new InMemoryPendingCallStore());
    const sent: unknown[] = [];
    broker.on("requested", (call) => sent.push(call));
    await expect(broker.dispatchAll([step[0], { ...step[1], toolName: "no_such_tool" }])).rejects.toThrow(
      /Unknown client tool "no_such_tool"/,
    );
    await expect(
      broker.dispatchAll([step[0], { ...step[1], toolName: "open_file_viewer", args: { file_path: "a" } }]),
    ).rejects.toThrow(/fire-and-forget/);
    await expect(broker.dispatchAll([step[0], { ...step[2], toolCallId: "call_a" }])).rejects.toThrow(
      /toolCallId "call_a" of conversation "c1" twice/,
    );
    expect(sent).toEqual([]);
  });
});
