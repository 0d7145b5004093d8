import { afterEach, describe, expect, it } from "vitest";
import { nextRequest } from "../__fixtures__/next-request.js";
import { specs } from "../__fixtures__/tools.js";
import { approveClientToolCall, argsFingerprint } from "../approval.js";
import type { ClientToolApprovalRequest } from "../approval-request.js";
import { ClientCallBroker } from "../broker.js";
import { InMemoryPendingCallStore } from "../stores/memory-store.js";
import { type SignedClientToolDecision, signedDecisionOf } from "./signed-decision.js";
import { createRequestSigner } from "./signed-request-id.js";

const KEY = "k".repeat(32);
const call = {
  conversationId: "c1",
  owner: "alice",
  toolName: "confirm_purchase",
  toolCallId: "call_1",
  args: { item: "book" },
} as const;

const brokers: ClientCallBroker[] = [];
afterEach(async () => {
  await Promise.all(brokers.splice(0).map((broker) => broker.close()));
});

/**
 * Two instances sharing a store and keys: A dispatches and its approve hook waits for a decision
 * that a person makes at B (here: the hook hands the request over, and the test decides at B).
 */
function instances(options: { keysAtA?: readonly string[] } = {}) {
  const store = new InMemoryPendingCallStore();
  let hand: (request: ClientToolApprovalRequest) => Promise<SignedClientToolDecision>;
  const decided = (decide: typeof hand) => (hand = decide);
  const a = new ClientCallBroker({
    tools: specs,
    store,
    signing: { keys: options.keysAtA ?? [KEY] },
    approve: (request) => hand(request),
  });
  const b = new ClientCallBroker({ tools: specs, store, signing: { keys: [KEY] } });
  brokers.push(a, b);
  return { a, b, decided };
}

describe("approval decisions signed between instances", () => {
  it("an approval signed at one instance lets the call through at another", async () => {
    const { a, b, decided } = instances();
    decided((request) => b.signDecision(request, { approved: true, decidedBy: "alice's manager" }));
    const sent = nextRequest(a);
    const outcome = a.dispatch(call);
    const request = await sent;
    await b.submit({ requestId: request.requestId, owner: "alice", result: { confirmed: true } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { confirmed: true } });
  });

  it("a signed refusal denies the call with its reason and who refused", async () => {
    const { a, b, decided } = instances();
    decided((request) => b.signDecision(request, { approved: false, decidedBy: "bob", reason: "Not this month." }));
    await expect(a.dispatch(call)).resolves.toEqual({ status: "denied", reason: "Not this month.", decidedBy: "bob" });
  });

  it("a refusal edited into an approval, a decision for another call, other arguments or another owner, and a request id never let a call through", async () => {
    const { a, b, decided } = instances();
    const requestOf = (
      toolCallId: string,
      over: Partial<ClientToolApprovalRequest> = {},
    ): ClientToolApprovalRequest => ({ ...call, toolCallId, argsFingerprint: argsFingerprint(call.args), ...over });
    const flip = async (toolCallId: string): Promise<SignedClientToolDecision> => {
      const refusal = await b.signDecision(requestOf(toolCallId), { approved: false, decidedBy: "bob", reason: "No." });
      const [payload, signature] = refusal.signed.split(".") as [string, string];
      const flipped = btoa(atob(payload.replace(/-/g, "+").replace(/_/g, "/")).replace('"ok":false', '"ok":true'))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
      return { signed: `${flipped}.${signature}` };
    };
    // Each decision is for the very call dispatched (call_<i>) but for the one thing it varies.
    const cases: ((toolCallId: string) => Promise<SignedClientToolDecision>)[] = [
      flip,
      () => b.signDecision(requestOf("call_other"), { approved: true, decidedBy: "bob" }),
      (id) =>
        b.signDecision(requestOf(id, { argsFingerprint: argsFingerprint({ item: "car" }) }), {
          approved: true,
          decidedBy: "bob",
        }),
      (id) => b.signDecision(requestOf(id, { owner: "mallory" }), { approved: true, decidedBy: "mallory" }),
      (id) => b.signDecision(requestOf(id, { conversationId: "c2" }), { approved: true, decidedBy: "bob" }),
      async (id) => ({
        signed: await createRequestSigner({ keys: [KEY] }).sign({
          ...call,
          toolCallId: id,
          argsFingerprint: argsFingerprint(call.args),
          finalDeadline: Date.now() + 60_000,
        }),
      }),
      async () => ({ signed: "" }),
    ];
    for (const [i, decision] of cases.entries()) {
      const toolCallId = `call_${i}`;
      const signed = await decision(toolCallId);
      decided(async () => signed);
      await expect(a.dispatch({ ...call, toolCallId }), String(i)).resolves.toMatchObject({
        status: "denied",
        reason: expect.stringContaining("could not be verified"),
      });
    }
    // The same decision, unedited and for the call, approves it.
    const sent = nextRequest(a);
    const approved = await b.signDecision(requestOf("call_ok"), { approved: true, decidedBy: "bob" });
    decided(async () => approved);
    void a.dispatch({ ...call, toolCallId: "call_ok" });
    expect((await sent).toolCallId).toBe("call_ok");
  });

  it("a decision signed with keys the dispatching instance does not hold, or past the approval's deadline, denies the call", async () => {
    const other = instances({ keysAtA: ["o".repeat(32)] });
    other.decided((request) => other.b.signDecision(request, { approved: true, decidedBy: "bob" }));
    await expect(other.a.dispatch(call)).resolves.toMatchObject({
      status: "denied",
      reason: expect.stringContaining("could not be verified"),
    });

    const store = new InMemoryPendingCallStore();
    const signer = new ClientCallBroker({
      tools: specs,
      store,
      signing: { keys: [KEY] },
      approvalTimeoutSeconds: 0.001,
    });
    const a = new ClientCallBroker({
      tools: specs,
      store,
      signing: { keys: [KEY] },
      // Signed with a deadline 1 ms away, and handed back later.
      approve: async (request) => {
        const decision = await signer.signDecision(request, { approved: true, decidedBy: "bob" });
        await new Promise((resolve) => setTimeout(resolve, 10));
        return decision;
      },
    });
    brokers.push(signer, a);
    await expect(a.dispatch({ ...call, toolCallId: "call_2" })).resolves.toMatchObject({
      status: "denied",
      reason: expect.stringContaining("past its deadline"),
    });
  });

  it("needs the signing keys to sign, and a name for who decided; unsigned decisions work as before", async () => {
    const plain = new ClientCallBroker({ tools: specs, approve: (request) => approveClientToolCall(request) });
    brokers.push(plain);
    const request: ClientToolApprovalRequest = { ...call, argsFingerprint: argsFingerprint(call.args) };
    await expect(plain.signDecision(request, { approved: true, decidedBy: "bob" })).rejects.toThrow(
      /needs the broker's signing option/,
    );
    const { b } = instances();
    await expect(b.signDecision(request, { approved: true, decidedBy: "" })).rejects.toThrow(/names who decided/);
    const sent = nextRequest(plain);
    void plain.dispatch(call);
    expect((await sent).toolCallId).toBe("call_1");
  });
});

describe("signedDecisionOf", () => {
  it("takes an object with the token alone, and nothing else a client may send", () => {
    expect(signedDecisionOf({ signed: "abc" })).toEqual({ signed: "abc" });
    for (const value of [
      null,
      "abc",
      ["abc"],
      {},
      { signed: 1 },
      { signed: "abc", approved: true },
      { approved: true, toolName: "t", toolCallId: "c", argsFingerprint: "f" },
      { signed: "a".repeat(4097) },
    ]) {
      expect(signedDecisionOf(value)).toBeUndefined();
    }
  });
});
