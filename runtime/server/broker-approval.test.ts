import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestBroker, flush, specs } from "./__fixtures__/tools.js";
import { approveClientToolCall, argsFingerprint, type ClientToolApprovalDecision } from "./approval.js";
import type { ClientToolApprovalRequest } from "./approval-request.js";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

const purchase = {
  conversationId: "c1",
  owner: "alice",
  toolName: "confirm_purchase",
  toolCallId: "call_1",
  args: { item: "book" },
};

/** An approver that waits until the test decides, recording every call it is asked about. */
function manualApprover() {
  const asked: ClientToolApprovalRequest[] = [];
  let decide: (decision: ClientToolApprovalDecision) => void = () => {};
  const approve = (call: ClientToolApprovalRequest) => {
    asked.push(call);
    return new Promise<ClientToolApprovalDecision>((resolve) => (decide = resolve));
  };
  return { approve, asked, decide: (decision: ClientToolApprovalDecision) => decide(decision) };
}

describe("ClientCallBroker approval", () => {
  it("asks the approver first, and sends the request to the client only once approved", async () => {
    const approver = manualApprover();
    const t = createTestBroker({ approve: approver.approve });
    const outcome = t.broker.dispatch(purchase);
    await flush();

    expect(approver.asked).toEqual([{ ...purchase, argsFingerprint: argsFingerprint({ item: "book" }) }]);
    // Waiting for approval: nothing reached the client, not even through a pending listing.
    expect(t.requests).toEqual([]);
    expect(await t.broker.pending({ owner: "alice" })).toEqual([]);

    await vi.advanceTimersByTimeAsync(60_000);
    approver.decide(approveClientToolCall(approver.asked[0]!));
    await flush();
    expect(t.requests).toHaveLength(1);
    const { request } = t.requests[0]!;
    // The client's time starts at approval (timeoutSeconds 30), not at dispatch.
    expect(request.expiresAt).toBe(Date.parse("2025-01-01T00:01:30Z"));

    await t.broker.submit({ requestId: request.requestId, owner: "alice", result: { confirmed: true } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { confirmed: true } });
  });

  it("gives the approver a deadline of its own (approvalTimeoutSeconds, default 600 s): past it the call is denied, and the client never sees it", async () => {
    const approver = manualApprover();
    const t = createTestBroker({ approve: approver.approve });
    const outcome = t.broker.dispatch(purchase);
    await vi.advanceTimersByTimeAsync(599_000);
    expect(approver.asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(outcome).resolves.toEqual({
      status: "denied",
      reason: "The call was not approved within 600 seconds.",
    });
    // A decision after the deadline changes nothing.
    approver.decide(approveClientToolCall(approver.asked[0]!));
    await flush();
    expect(t.requests).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);

    const quick = createTestBroker({ approve: manualApprover().approve, approvalTimeoutSeconds: 5 });
    const denied = quick.broker.dispatch(purchase);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(denied).resolves.toEqual({ status: "denied", reason: "The call was not approved within 5 seconds." });
  });

  it("ends a refused call as denied with the approver's reason; the client never sees it", async () => {
    const t = createTestBroker({ approve: () => ({ approved: false, reason: "The user declined the purchase." }) });
    await expect(t.broker.dispatch(purchase)).resolves.toEqual({
      status: "denied",
      reason: "The user declined the purchase.",
    });
    expect(t.requests).toEqual([]);
    expect(t.store.stats().open).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("binds an approval to the arguments: one given for other arguments does not carry over", async () => {
    const forTwoBooks = approveClientToolCall({ ...purchase, args: { item: "book", quantity: 2 } });
    const t = createTestBroker({ approve: () => forTwoBooks });
    await expect(t.broker.dispatch({ ...purchase, args: { item: "book", quantity: 3 } })).resolves.toEqual({
      status: "denied",
      reason: "The approval given was for other arguments.",
    });
    await expect(t.broker.dispatch({ ...purchase, args: { item: "book" } })).resolves.toMatchObject({
      status: "denied",
    });
    expect(t.requests).toEqual([]);

    // The same arguments in another key order are the same arguments.
    void t.broker.dispatch({ ...purchase, args: { quantity: 2, item: "book" } });
    await flush();
    expect(t.requests).toHaveLength(1);
  });

  it("binds an approval to the tool and the toolCallId", async () => {
    const forCall1 = approveClientToolCall(purchase);
    const t = createTestBroker({ approve: () => forCall1 });
    await expect(t.broker.dispatch({ ...purchase, toolCallId: "call_2" })).resolves.toEqual({
      status: "denied",
      reason: "The approval given was for another call.",
    });
    await expect(t.broker.dispatch({ ...purchase, toolName: "get_location" })).resolves.toMatchObject({
      status: "denied",
    });
    expect(t.requests).toEqual([]);
  });

  it("fails closed: a throwing hook or a malformed decision denies the call", async () => {
    const onError = vi.fn();
    const throwing = createTestBroker({ onError, approve: () => Promise.reject(new Error("approval service down")) });
    await expect(throwing.broker.dispatch(purchase)).resolves.toEqual({
      status: "denied",
      reason: "The call could not be approved.",
    });
    expect(onError).toHaveBeenCalledWith(
      new Error("approval service down"),
      expect.stringContaining("approve hook threw"),
    );

    const malformed = createTestBroker({
      approve: () => ({ approved: "yes" }) as unknown as ClientToolApprovalDecision,
    });
    await expect(malformed.broker.dispatch(purchase)).resolves.toEqual({
      status: "denied",
      reason: "The call could not be approved.",
    });
    expect(throwing.requests).toEqual([]);
    expect(malformed.requests).toEqual([]);
  });

  it("passes the principal to the approver", async () => {
    const approver = manualApprover();
    const t = createTestBroker({
      tools: specs.map((spec) => (spec.name === "confirm_purchase" ? { ...spec, permission: "shop.buy" } : spec)),
      approve: approver.approve,
    });
    void t.broker.dispatch({ ...purchase, principal: { id: "alice", permissions: ["shop.buy"] } });
    await flush();
    expect(approver.asked[0]?.principal).toEqual({ id: "alice", permissions: ["shop.buy"] });
  });

  it("cancels a call still waiting for approval when the broker closes, and sends nothing after", async () => {
    const approver = manualApprover();
    const t = createTestBroker({ approve: approver.approve });
    const outcome = t.broker.dispatch(purchase);
    await flush();
    await t.broker.close();
    await expect(outcome).resolves.toEqual({ status: "cancelled", reason: "the server shut down the call" });

    approver.decide(approveClientToolCall(purchase));
    await flush();
    expect(t.requests).toEqual([]);
    expect(t.store.stats().open).toBe(0);
  });

  it("refuses an approval that approveClientToolCall did not make: a hook returning what a client posted (the shape it computes itself) denies the call, and the client never sees it", async () => {
    const posted: unknown = JSON.parse(
      JSON.stringify({
        approved: true,
        toolName: "confirm_purchase",
        toolCallId: "call_1",
        argsFingerprint: argsFingerprint({ item: "book" }),
      }),
    );
    // What no type allows (an approval is only ever approveClientToolCall's), a JavaScript hook can still do.
    const t = createTestBroker({ approve: () => posted as ClientToolApprovalDecision });
    await expect(t.broker.dispatch(purchase)).resolves.toEqual({
      status: "denied",
      reason:
        "The approval was not made by approveClientToolCall on the server; a decision that comes from a client must be signed (broker.signDecision).",
    });
    // A copy of a real approval is no approval either.
    const copied = createTestBroker({ approve: (call) => ({ ...approveClientToolCall(call) }) });
    await expect(copied.broker.dispatch(purchase)).resolves.toMatchObject({ status: "denied" });
    expect(t.requests).toEqual([]);
    expect(copied.requests).toEqual([]);
  });
});
