import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../../test-support/eventually.js";
import { parseClientToolSpecs } from "../tool-spec/parse.js";
import { ClientCallClosedError, ClientCallStaleAttemptError } from "../wire/errors.js";
import type { ClientToolRequest } from "../wire/messages.js";
import { outcomeToObservation } from "../wire/observation.js";
import { nextRequest } from "./__fixtures__/next-request.js";
import { ClientCallBroker } from "./broker.js";
import type { ClientCallBrokerOptions } from "./broker-options.js";
import { InMemoryPendingCallStore } from "./stores/memory-store.js";
import { followOwnerCalls } from "./transports/owner-feed.js";

const result = { type: "object", properties: { done: { type: "boolean" } }, required: ["done"] } as const;
const specs = parseClientToolSpecs([
  {
    name: "pay",
    description: "Pay an invoice: the user may have paid when the call is lost.",
    outputSchema: result,
    recovery: "settle",
  },
  {
    name: "read_location",
    description: "Read the location: harmless to ask again.",
    outputSchema: result,
    annotations: { readOnlyHint: true },
    recovery: "redispatch",
  },
  { name: "pick_file", description: "Pick a file; names no policy.", outputSchema: result },
]);
const call = (toolName: string, toolCallId = "call_1") => ({
  conversationId: "c1",
  owner: "alice",
  toolName,
  toolCallId,
  args: {},
});

const brokers: ClientCallBroker[] = [];
afterEach(async () => {
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
});

/** Brokers on one store: the first dispatches, and a later one is the process that took over after it stopped. */
function processes(options: Partial<ClientCallBrokerOptions> = {}) {
  const store = new InMemoryPendingCallStore();
  const make = () => {
    const broker = new ClientCallBroker({ tools: specs, store, ...options });
    brokers.push(broker);
    return broker;
  };
  return { store, make };
}

describe("recovery of a call whose dispatching process stopped (the agent loop dispatches it again elsewhere)", () => {
  it('"wait": attaches, sends the client nothing new, and gets the answer', async () => {
    const { make } = processes();
    const [first, second] = [make(), make()];
    const requests: ClientToolRequest[] = [];
    second.on("requested", ({ request }) => requests.push(request));
    const sent = nextRequest(first);
    void first.dispatch(call("pick_file"));
    const request = await sent;
    const resumed = second.dispatch(call("pick_file"));
    await second.submit({ requestId: request.requestId, owner: "alice", result: { done: true } });
    await expect(resumed).resolves.toEqual({ status: "ok", result: { done: true } });
    expect(requests.map((r) => r.attempt)).toEqual([1]);
  });

  it('"settle": ends the call as unknown_outcome, and an answer arriving later is refused as too late', async () => {
    const { make } = processes();
    const [first, second] = [make(), make()];
    const sent = nextRequest(first);
    const waiting = first.dispatch(call("pay"));
    const request = await sent;
    const outcome = {
      status: "unknown_outcome",
      reason: "the process that dispatched the call stopped while the call was open",
    };
    await expect(second.dispatch(call("pay"))).resolves.toEqual(outcome);
    // Every dispatch of the call gets the same end, and the client is told to stop.
    await expect(waiting).resolves.toEqual(outcome);
    await expect(
      second.submit({ requestId: request.requestId, owner: "alice", result: { done: true } }),
    ).rejects.toBeInstanceOf(ClientCallClosedError);
    expect(outcomeToObservation(outcome as never).content[0]!.text).toMatch(
      /nobody knows whether the action happened.*Do not call the tool again on your own/,
    );
  });

  it('"redispatch": sends a new attempt; an answer to the old one is stale, the new one ends the call', async () => {
    const { make } = processes();
    const [first, second] = [make(), make()];
    const sent = nextRequest(first);
    void first.dispatch(call("read_location"));
    const request = await sent;
    const resent = nextRequest(second);
    const resumed = second.dispatch(call("read_location"));
    expect(await resent).toEqual({ ...request, attempt: 2 });
    await expect(
      second.submit({ requestId: request.requestId, owner: "alice", attempt: 1, result: { done: true } }),
    ).rejects.toBeInstanceOf(ClientCallStaleAttemptError);
    await second.submit({ requestId: request.requestId, owner: "alice", attempt: 2, result: { done: true } });
    await expect(resumed).resolves.toEqual({ status: "ok", result: { done: true } });
  });

  it("does not recover a call the same process still waits for, nor one another process is opening at the same moment", async () => {
    const { make } = processes();
    const broker = make();
    const sent = nextRequest(broker);
    const first = broker.dispatch(call("pay"));
    const request = await sent;
    const again = broker.dispatch(call("pay"));
    await broker.submit({ requestId: request.requestId, owner: "alice", result: { done: false } });
    for (const outcome of [first, again])
      await expect(outcome).resolves.toEqual({ status: "ok", result: { done: false } });

    const other = make();
    const opened = nextRequest(broker);
    const racing = [broker.dispatch(call("pay", "call_2")), other.dispatch(call("pay", "call_2"))];
    await broker.submit({ requestId: (await opened).requestId, owner: "alice", result: { done: true } });
    for (const outcome of racing) await expect(outcome).resolves.toEqual({ status: "ok", result: { done: true } });
  });

  it('takes the broker\'s default for tools that name no policy, and never "redispatch" as a default', async () => {
    const { make } = processes({ recovery: "settle" });
    const [first, second] = [make(), make()];
    const sent = nextRequest(first);
    void first.dispatch(call("pick_file"));
    await sent;
    await expect(second.dispatch(call("pick_file"))).resolves.toMatchObject({ status: "unknown_outcome" });
    expect(() => new ClientCallBroker({ tools: specs, recovery: "redispatch" as never })).toThrow(
      /"redispatch" is a tool's own/,
    );
  });
});

describe("recovery of a call whose client's connection closed", () => {
  /** One connection of alice's, as a transport opens it. */
  function connect(broker: ClientCallBroker) {
    const requests: ClientToolRequest[] = [];
    const cancelled: string[] = [];
    const feed = followOwnerCalls(
      broker,
      { owner: "alice" },
      { requested: (request) => requests.push(request), cancelled: (message) => cancelled.push(message.reason) },
    );
    return { requests, cancelled, feed };
  }

  it('"settle": the call ends as unknown_outcome once the last connection that had it closes', async () => {
    const { make } = processes();
    const broker = make();
    const [tab1, tab2] = [connect(broker), connect(broker)];
    await Promise.all([tab1.feed.replayed, tab2.feed.replayed]);
    const outcome = broker.dispatch(call("pay"));
    await eventually(() => tab1.requests.length === 1 && tab2.requests.length === 1);
    tab1.feed.stop();
    // The other tab still has the call: it stays open.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await broker.pending({ owner: "alice" })).toHaveLength(1);
    tab2.feed.stop();
    await expect(outcome).resolves.toEqual({
      status: "unknown_outcome",
      reason: "the user's client disconnected while the call was open",
    });
  });

  it('"redispatch": a new attempt waits for the next connection; "wait": the call is offered again as it was', async () => {
    const { make } = processes();
    const broker = make();
    const page = connect(broker);
    await page.feed.replayed;
    const location = broker.dispatch(call("read_location", "call_1"));
    const file = broker.dispatch(call("pick_file", "call_2"));
    await eventually(() => page.requests.length === 2);
    const resent = nextRequest(broker);
    page.feed.stop();
    expect(await resent).toMatchObject({ toolName: "read_location", attempt: 2 });
    const reloaded = connect(broker);
    await reloaded.feed.replayed;
    await eventually(() => reloaded.requests.length === 2);
    const byTool = Object.fromEntries(reloaded.requests.map((r) => [r.toolName, r.attempt]));
    expect(byTool).toEqual({ read_location: 2, pick_file: 1 });
    for (const request of reloaded.requests)
      await broker.submit({
        requestId: request.requestId,
        owner: "alice",
        attempt: request.attempt,
        result: { done: true },
      });
    for (const outcome of [location, file])
      await expect(outcome).resolves.toEqual({ status: "ok", result: { done: true } });
  });

  it("leaves calls the connection was never sent, and calls that ended, alone", async () => {
    const { make } = processes();
    const broker = make();
    const page = connect(broker);
    await page.feed.replayed;
    const sent = nextRequest(broker);
    const paid = broker.dispatch(call("pay"));
    const request = await sent;
    await broker.submit({ requestId: request.requestId, owner: "alice", result: { done: true } });
    await expect(paid).resolves.toEqual({ status: "ok", result: { done: true } });
    page.feed.stop();
    // A call made after the connection closed is for the next one.
    const later = nextRequest(broker);
    const next = broker.dispatch(call("pay", "call_2"));
    const laterRequest = await later;
    await broker.submit({ requestId: laterRequest.requestId, owner: "alice", result: { done: false } });
    await expect(next).resolves.toEqual({ status: "ok", result: { done: false } });
  });
});
