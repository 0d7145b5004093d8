import { afterEach, describe, expect, it } from "vitest";
import { nextRequest } from "../runtime/server/__fixtures__/next-request.js";
import { specs } from "../runtime/server/__fixtures__/tools.js";
import { ClientCallBroker } from "../runtime/server/broker.js";
import type { PendingCallStore } from "../runtime/server/stores/store.js";
import { followOwnerCalls } from "../runtime/server/transports/owner-feed.js";
import type { ClientToolCancelledMessage, ClientToolRequest } from "../runtime/wire/messages.js";
import { eventually } from "./eventually.js";
import type { StoreUnderTest } from "./store-conformance.js";

/**
 * Brokers on several instances sharing one store, as tests: `make()` gives a fresh store of
 * its own, and `join(store)` another handle on the same one (another instance's), both empty at
 * first. The dispatching instance knows the tools; the answering one knows none of them, as an
 * instance that never saw the conversation (or restarted since) would.
 */
export function describeBrokersSharingStore(
  name: string,
  make: () => Promise<StoreUnderTest>,
  join: (store: PendingCallStore) => Promise<StoreUnderTest>,
): void {
  describe(`${name}: brokers on several instances`, () => {
    const made: StoreUnderTest[] = [];
    const brokers: ClientCallBroker[] = [];
    const pair = async (): Promise<[ClientCallBroker, ClientCallBroker]> => {
      const first = await make();
      const second = await join(first.store);
      made.push(first, second);
      const dispatcher = new ClientCallBroker({ tools: specs, store: first.store });
      const answerer = new ClientCallBroker({ tools: [], store: second.store });
      brokers.push(dispatcher, answerer);
      // A subscription of a shared store may take a moment to start.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return [dispatcher, answerer];
    };
    afterEach(async () => {
      await Promise.all(brokers.splice(0).map((broker) => broker.close()));
      for (const under of made.splice(0)) await under.release();
    });

    it("take an answer at an instance that knows nothing of the tool, checked against the outputSchema the call was dispatched with", async () => {
      const [a, b] = await pair();
      const sent = nextRequest(a);
      const outcome = a.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "get_location",
        toolCallId: "call_1",
        args: {},
      });
      const request = await sent;
      await expect(
        b.submit({ requestId: request.requestId, owner: "alice", result: { town: "Lyon" } }),
      ).rejects.toMatchObject({
        status: 422,
        message: expect.stringContaining("must have required property 'city'"),
      });
      await b.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
      await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    });

    it("re-send a call after a retryable error at an instance that knows nothing of the tool, by the policy the call carries", async () => {
      const [a, b] = await pair();
      const sent = nextRequest(a);
      const outcome = a.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "get_location",
        toolCallId: "call_1",
        args: {},
      });
      const request = await sent;
      // get_location is read-only, up to 3 attempts: the second instance sends it again.
      // The second instance may hear of the first attempt late: the re-send is the request of attempt 2.
      const resent = new Promise<ClientToolRequest>((resolve) => {
        const stop = b.on("requested", ({ request: heard }) => {
          if (heard.attempt === 2) resolve(heard), stop();
        });
      });
      await b.fail({ requestId: request.requestId, owner: "alice", error: "GPS busy", retryable: true });
      expect(await resent).toMatchObject({ requestId: request.requestId, attempt: 2 });
      await b.submit({ requestId: request.requestId, owner: "alice", attempt: 2, result: { city: "Lyon" } });
      await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });

      // confirm_purchase says nothing of running twice: a retryable error ends it, though it allows 3 attempts.
      const sentPurchase = nextRequest(a);
      const purchase = a.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "confirm_purchase",
        toolCallId: "call_2",
        args: { item: "book" },
      });
      const purchaseRequest = await sentPurchase;
      await b.fail({ requestId: purchaseRequest.requestId, owner: "alice", error: "offline", retryable: true });
      await expect(purchase).resolves.toEqual({ status: "error", error: "offline", retryable: true });
    });

    it("check a text answer of a tool awaited without an outputSchema at an instance that knows nothing of the tool", async () => {
      const [a, b] = await pair();
      const sent = nextRequest(a);
      const outcome = a.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "ask_user",
        toolCallId: "call_1",
        args: { question: "Which file?" },
      });
      const request = await sent;
      await expect(
        b.submit({ requestId: request.requestId, owner: "alice", result: { text: "README.md" } }),
      ).rejects.toMatchObject({
        status: 422,
        message: expect.stringContaining("must have required property 'content'"),
      });
      const answer = { content: [{ type: "text", text: "README.md" }] };
      await b.submit({ requestId: request.requestId, owner: "alice", result: answer });
      await expect(outcome).resolves.toEqual({ status: "ok", result: answer });
    });

    it("feed a connection at one instance the requests made at another, their re-sends and their cancellations", async () => {
      const [a, b] = await pair();
      const requests: ClientToolRequest[] = [];
      const cancelled: ClientToolCancelledMessage[] = [];
      const feed = followOwnerCalls(
        b,
        { owner: "alice" },
        { requested: (request) => requests.push(request), cancelled: (message) => cancelled.push(message) },
      );
      await feed.replayed;
      const outcome = a.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "get_location",
        toolCallId: "call_1",
        args: {},
      });
      void a.dispatch({ conversationId: "c1", owner: "bob", toolName: "get_location", toolCallId: "call_2", args: {} });
      await eventually(() => requests.length === 1);
      const [request] = requests;
      expect(request).toMatchObject({ toolCallId: "call_1", attempt: 1 });
      // Answered at the connection's instance: the re-send reaches it too.
      await b.fail({ requestId: request!.requestId, owner: "alice", error: "GPS busy", retryable: true });
      await eventually(() => requests.length === 2);
      expect(requests[1]).toMatchObject({ requestId: request!.requestId, attempt: 2 });
      await a.cancel({ requestId: request!.requestId, owner: "alice" }, "the user moved on");
      await expect(outcome).resolves.toEqual({ status: "cancelled", reason: "the user moved on" });
      await eventually(() => cancelled.length === 1);
      expect(cancelled).toEqual([
        { type: "client_tool.cancelled", requestId: request!.requestId, reason: "the user moved on" },
      ]);
      feed.stop();
      // Bob's call never reached Alice's connection.
      expect(requests.every((r) => r.toolCallId === "call_1")).toBe(true);
    });

    it("recover a call by the policy it carries when its client's connection closes at an instance that knows nothing of the tool", async () => {
      const [a, b] = await pair();
      const feed = followOwnerCalls(b, { owner: "alice" }, { requested: () => feed.stop(), cancelled: () => {} });
      await feed.replayed;
      const outcome = a.dispatch({
        conversationId: "c1",
        owner: "alice",
        toolName: "pay_invoice",
        toolCallId: "call_1",
        args: { invoice: "INV-1" },
      });
      await expect(outcome).resolves.toEqual({
        status: "unknown_outcome",
        reason: "the user's client disconnected while the call was open",
      });
    });
  });
}
