import { AbstractAgent, type BaseEvent, type RunAgentInput } from "@ag-ui/client";
import { EventType } from "@ag-ui/core";
import { Observable } from "rxjs";
import { describe, expect, it } from "vitest";
import {
  type ClientToolCallState,
  type ClientTools,
  clientToolSpecs,
} from "../../../examples/ai-sdk-chat/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/ai-sdk-chat/src/client-tools.gen/validators/index.js";
import { createClientToolCallStreams } from "../../client/call-streams.js";
import { callStateFromAgUi } from "./index.js";

const CHART = {
  title: "Visitors",
  kind: "bar",
  points: [
    { label: "Jan", value: 3 },
    { label: "Feb", value: 4.5 },
  ],
};

/** A run in @ag-ui/client's own agent: a show_chart call whose arguments come in small deltas, then its result. */
class ChartAgent extends AbstractAgent {
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      subscriber.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
      subscriber.next({ type: EventType.TOOL_CALL_START, toolCallId: "c1", toolCallName: "show_chart" });
      const json = JSON.stringify(CHART);
      for (let at = 0; at < json.length; at += 5)
        subscriber.next({ type: EventType.TOOL_CALL_ARGS, toolCallId: "c1", delta: json.slice(at, at + 5) });
      subscriber.next({ type: EventType.TOOL_CALL_END, toolCallId: "c1" });
      subscriber.next({
        type: EventType.TOOL_CALL_RESULT,
        messageId: "m2",
        toolCallId: "c1",
        content: "Tool call dispatched to client.",
      });
      subscriber.next({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId });
      subscriber.complete();
    });
  }
}

describe("callStateFromAgUi (AG-UI events)", () => {
  it("follows a call through its events: arguments streaming in, then available and checked, then the output", async () => {
    const streams = createClientToolCallStreams<ClientTools>({
      specs: clientToolSpecs,
      validators: clientToolValidators,
    });
    const states: ClientToolCallState[] = [];
    await new ChartAgent().runAgent(
      {},
      {
        onEvent: ({ event }) => {
          const state = callStateFromAgUi(event, streams);
          if (state !== undefined) states.push(state);
        },
      },
    );
    expect(states[0]).toMatchObject({ status: "input-streaming", toolName: "show_chart", args: undefined });
    const streaming = states.filter((state) => state.status === "input-streaming");
    expect(streaming.length).toBeGreaterThan(10);
    for (const state of streaming)
      if (state.toolName === "show_chart" && state.status === "input-streaming")
        expect([undefined, "bar"]).toContain(state.args?.kind);
    expect(states.at(-2)).toEqual({ status: "input-available", toolCallId: "c1", toolName: "show_chart", args: CHART });
    expect(states.at(-1), "a fire-and-forget tool's output has no result, and keeps the arguments").toEqual({
      status: "output-available",
      toolCallId: "c1",
      toolName: "show_chart",
      args: CHART,
    });
  });

  it("has no state for another tool's events, or events of no tool call", () => {
    const streams = createClientToolCallStreams<ClientTools>({ specs: clientToolSpecs });
    expect(
      callStateFromAgUi({ type: EventType.TOOL_CALL_START, toolCallId: "s1", toolCallName: "web_search" }, streams),
    ).toBeUndefined();
    expect(
      callStateFromAgUi({ type: EventType.TOOL_CALL_ARGS, toolCallId: "s1", delta: "{" }, streams),
    ).toBeUndefined();
    expect(callStateFromAgUi({ type: EventType.TEXT_MESSAGE_CONTENT, delta: "hi" }, streams)).toBeUndefined();
  });
});
