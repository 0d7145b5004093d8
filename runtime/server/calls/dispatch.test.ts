import { describe, expect, it } from "vitest";
import { specs } from "../__fixtures__/tools.js";
import { ClientCallBroker } from "../broker.js";
import { InMemoryPendingCallStore } from "../stores/memory-store.js";
import { DuplicateToolCallError, type PendingCall, type PendingCallOpenOptions } from "../stores/store.js";

/**
 * A store where another dispatch's record of the call is still there when this one opens it, and
 * gone (ended, and expired) by the time it looks it up: the race of a re-dispatch at the end of
 * the retention period.
 */
class ExpiringDuplicateStore extends InMemoryPendingCallStore {
  duplicates = 1;
  override async open(call: PendingCall, options?: PendingCallOpenOptions): Promise<void> {
    if (this.duplicates-- > 0) throw new DuplicateToolCallError(call.request.conversationId, call.request.toolCallId);
    return super.open(call, options);
  }
}

describe("a dispatch", () => {
  it("opens the call anew when the first dispatch's record expired between the store's refusal and the lookup", async () => {
    const store = new ExpiringDuplicateStore();
    const broker = new ClientCallBroker({ tools: specs, store });
    const requested = new Promise<PendingCall>((resolve) => broker.on("requested", resolve));
    const outcome = broker.dispatch({
      conversationId: "c1",
      owner: "alice",
      toolName: "get_location",
      toolCallId: "call_1",
      args: {},
    });
    const { request } = await requested;
    await broker.submit({ requestId: request.requestId, owner: "alice", result: { city: "Lyon" } });
    await expect(outcome).resolves.toEqual({ status: "ok", result: { city: "Lyon" } });
    await broker.close();
  });

  it("still rejects when the store refuses the call as a duplicate every time and none is found", async () => {
    const store = new ExpiringDuplicateStore();
    store.duplicates = Number.POSITIVE_INFINITY;
    const broker = new ClientCallBroker({ tools: specs, store });
    const call = { conversationId: "c1", owner: "alice", toolName: "get_location", toolCallId: "call_1", args: {} };
    await expect(broker.dispatch(call)).rejects.toBeInstanceOf(DuplicateToolCallError);
    await broker.close();
  });
});
