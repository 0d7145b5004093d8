// The events are @ag-ui/core's own: each is a BaseEvent and an Event with no cast.

import type { AgentSubscriber } from "@ag-ui/client";
import type { BaseEvent, Event, RunFinishedEvent, ToolMessage } from "@ag-ui/core";
import { expectTypeOf } from "vitest";
import {
  createAgUiClientToolSubscriber,
  handleAgUiToolCall,
  type ToolCallDispatch,
  toAgUiRunFinishedEvent,
  toAgUiToolCallEvents,
} from "./index.js";

declare const dispatch: ToolCallDispatch;
const events: BaseEvent[] = toAgUiToolCallEvents({ toolCallId: "c", toolName: "t", args: {} });
const union: Event[] = [
  ...toAgUiToolCallEvents({ toolCallId: "c", toolName: "t", args: {} }),
  toAgUiRunFinishedEvent({ threadId: "t", runId: "r" }),
];
expectTypeOf(toAgUiRunFinishedEvent).returns.toEqualTypeOf<RunFinishedEvent>();
expectTypeOf(handleAgUiToolCall).returns.resolves.toEqualTypeOf<ToolMessage | undefined>();
expectTypeOf(createAgUiClientToolSubscriber({ dispatch })).toEqualTypeOf<AgentSubscriber>();
void [events, union];
