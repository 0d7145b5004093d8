import { AbstractAgent, type BaseEvent, type RunAgentInput } from "@ag-ui/client";
import { EventType, type Message } from "@ag-ui/core";
import { ToolMessageSchema } from "@ag-ui/core/schemas";
import { Observable } from "rxjs";
import { describe, expect, it, vi } from "vitest";
import { type ClientToolHandlers, dispatchToolCall } from "../../../examples/validators/src/client-tools.gen/index.js";
import {
  createAgUiClientToolSubscriber,
  handleAgUiToolCall,
  type ToolCallDispatch,
  toAgUiRunFinishedEvent,
  toAgUiToolCallEvents,
} from "./index.js";

// The frontend half, in @ag-ui/client's own agent: a run streams our events for one client
// tool call; the subscriber runs it on TOOL_CALL_END and adds the ToolMessage to the messages.

class ScriptedAgent extends AbstractAgent {
  constructor(private readonly calls: readonly { toolCallId: string; toolName: string; args: unknown }[]) {
    super({ threadId: "thread_1" });
  }
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      subscriber.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
      for (const call of this.calls)
        for (const event of toAgUiToolCallEvents({ ...call, parentMessageId: "msg_1" })) subscriber.next(event);
      subscriber.next(
        toAgUiRunFinishedEvent({
          threadId: input.threadId,
          runId: input.runId,
          pendingToolCallIds: this.calls.map((c) => c.toolCallId),
        }),
      );
      subscriber.complete();
    });
  }
}

/** A thread whose first run asks to approve its one client call (an interrupt naming it); later runs just finish. */
class ApprovalAgent extends AbstractAgent {
  readonly inputs: RunAgentInput[] = [];
  constructor() {
    super({ threadId: "thread_2" });
  }
  override run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input);
    const first = this.inputs.length === 1;
    return new Observable<BaseEvent>((subscriber) => {
      subscriber.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
      if (first)
        for (const event of toAgUiToolCallEvents({
          toolCallId: "call_1",
          toolName: "pick_date",
          args: { title: "When?" },
          parentMessageId: "msg_1",
        }))
          subscriber.next(event);
      const interrupts = [{ id: "approve_1", reason: "tool_approval", toolCallId: "call_1" }];
      subscriber.next({
        ...toAgUiRunFinishedEvent({ threadId: input.threadId, runId: input.runId }),
        ...(first ? { outcome: { type: "interrupt", interrupts } } : {}),
      } as BaseEvent);
      subscriber.complete();
    });
  }
}

const dispatchWith =
  (handlers: ClientToolHandlers<{ signal: AbortSignal }>): ToolCallDispatch =>
  (name, args, { signal }) =>
    dispatchToolCall(name, args, handlers, { signal });

describe("the AG-UI frontend", () => {
  it("runs each client tool call once its arguments are complete, and adds the ToolMessage for the next run", async () => {
    const pick = vi.fn(() => ({ date: "2026-12-24" }));
    const share = vi.fn();
    const agent = new ScriptedAgent([
      { toolCallId: "call_1", toolName: "pick_date", args: { title: "When?" } },
      { toolCallId: "call_2", toolName: "share_link", args: { url: "https://example.com" } },
      { toolCallId: "call_3", toolName: "pick_date", args: { title: 5 } },
    ]);
    await agent.runAgent(
      {},
      createAgUiClientToolSubscriber({ dispatch: dispatchWith({ pick_date: pick, share_link: share }) }),
    );
    const toolMessages = agent.messages.filter((m: Message) => m.role === "tool");
    expect(toolMessages.map((m) => ToolMessageSchema.parse(m))).toEqual([
      { id: "call_1-result", role: "tool", toolCallId: "call_1", content: '{"date":"2026-12-24"}' },
      { id: "call_2-result", role: "tool", toolCallId: "call_2", content: "Tool call dispatched to client." },
      {
        id: "call_3-result",
        role: "tool",
        toolCallId: "call_3",
        content: "Invalid arguments for pick_date: /title must be string.",
        error: "Invalid arguments for pick_date: /title must be string.",
      },
    ]);
    expect(pick).toHaveBeenCalledWith({ title: "When?" }, expect.anything());
    expect(share).toHaveBeenCalledOnce();
    // The assistant message that made the calls, as @ag-ui/client builds it from the events.
    expect(agent.messages.filter((m: Message) => m.role === "assistant")).toMatchObject([
      { id: "msg_1", toolCalls: [{ id: "call_1" }, { id: "call_2" }, { id: "call_3" }] },
    ]);
  });

  it("leaves a tool it does not know alone, and reports a failing handler as the ToolMessage's error", async () => {
    const dispatch = dispatchWith({
      pick_date: () => {
        throw new Error("No calendar here.");
      },
      share_link: () => undefined,
    });
    expect(
      await handleAgUiToolCall({ toolCallId: "c", toolCallName: "web_search", toolCallArgs: {} }, dispatch),
    ).toBeUndefined();
    expect(
      await handleAgUiToolCall({ toolCallId: "c", toolCallName: "pick_date", toolCallArgs: { title: "t" } }, dispatch),
    ).toEqual({
      id: "c-result",
      role: "tool",
      toolCallId: "c",
      content: "No calendar here.",
      error: "No calendar here.",
    });
  });

  for (const [answer, runs] of [
    ["resolved", 1],
    ["cancelled", 0],
  ] as const) {
    it(`holds a call an interrupt names until the next run answers it: ${answer}, the handler runs ${runs} time(s)`, async () => {
      const pick = vi.fn(() => ({ date: "2026-12-24" }));
      const agent = new ApprovalAgent();
      agent.subscribe(
        createAgUiClientToolSubscriber({ dispatch: dispatchWith({ pick_date: pick, share_link: vi.fn() }) }),
      );
      await agent.runAgent();
      expect(pick).not.toHaveBeenCalled();
      expect(agent.messages.filter((m: Message) => m.role === "tool")).toEqual([]);
      await agent.runAgent({ resume: [{ interruptId: "approve_1", status: answer }] });
      expect(pick).toHaveBeenCalledTimes(runs);
      // The answer goes with the run that approved the call, and with no other.
      const sent = agent.inputs.map((input) => input.messages.filter((m) => m.role === "tool").map((m) => m.content));
      expect(sent).toEqual([[], runs === 1 ? ['{"date":"2026-12-24"}'] : []]);
      await agent.runAgent();
      expect(pick).toHaveBeenCalledTimes(runs);
    });
  }
});
