import { describe, expect, it } from "vitest";
import { LossyStore } from "../__fixtures__/lossy-store.js";
import { Emitter } from "../emitter.js";
import type { PendingCall } from "../stores/store.js";
import type { CallEvents } from "./call-events.js";
import { HeardCalls } from "./heard-calls.js";
import { CallLifecycle, STORE_LOST } from "./lifecycle.js";

function call(requestId: string): PendingCall {
  return {
    owner: "alice",
    request: {
      requestId,
      conversationId: "c1",
      toolName: "echo",
      toolCallId: `call_${requestId}`,
      args: {},
      attempt: 1,
      expiresAt: Date.now() + 30_000,
    },
  };
}

function heard() {
  const store = new LossyStore();
  const errors: unknown[] = [];
  const events = new Emitter<CallEvents>((error) => errors.push(error));
  const requested: string[] = [];
  let gaps = 0;
  events.on("error", ({ error }) => errors.push(error));
  events.on("requested", (pending) => requested.push(pending.request.requestId));
  events.on("gap", () => gaps++);
  const life = new CallLifecycle({ store, policyOf: () => undefined, events });
  new HeardCalls(store, life, events);
  return { store, life, errors, requested, gaps: () => gaps };
}

describe("the calls heard from the store", () => {
  it("after missed notices, settles the waited-for calls that ended and ends as cancelled those the store lost, saying so", async () => {
    const { store, life, errors, gaps } = heard();
    const kept = call("kept");
    await store.open(kept);
    await store.close(kept, { status: "ok", result: {} });
    const outcomes = [
      life.waiters.wait(kept, true),
      life.waiters.wait(call("gone"), true),
      life.waiters.wait(call("unstored"), false),
    ];
    store.gap();
    expect(await Promise.all(outcomes.slice(0, 2))).toEqual([{ status: "ok", result: {} }, STORE_LOST]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // A dispatch whose call is not stored yet is not a loss.
    expect(life.waiters.has("unstored")).toBe(true);
    expect(String(errors[0])).toMatch(/no longer holds 1 open call /);
    expect(gaps()).toBe(1);
  });

  it("tells as requested, after a gap, the calls this broker waits for whose request it never heard, and only those", async () => {
    const { store, life, requested, gaps } = heard();
    const told = call("told");
    void life.waiters.wait(told, false);
    await store.open(told);
    store.deaf = true;
    const missed = call("missed");
    void life.waiters.wait(missed, false);
    await store.open(missed);
    store.deaf = false;
    expect(requested).toEqual(["told"]);
    store.gap();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requested).toEqual(["told", "missed"]);
    expect(gaps()).toBe(1);
  });
});
