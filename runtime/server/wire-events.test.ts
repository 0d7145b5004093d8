import { describe, expect, it } from "vitest";
import { DISPATCHED_TEXT } from "../wire/observation.js";
import { clientActionEvent, clientObservationEvent, fireAndForgetEvents } from "./wire-events.js";

describe("the wire events of a client tool call", () => {
  it("builds the ActionEvent as the OpenHands agent server sends it: arguments beside kind, kind as mcp_arg_kind, the raw arguments", () => {
    const raw = '{"file_path":"README.md","kind":"text","summary":"open the readme"}';
    const event = clientActionEvent(
      {
        toolName: "open_file_viewer",
        toolCallId: "call_1",
        args: { file_path: "README.md", kind: "text" },
        rawArguments: raw,
      },
      { id: "a1", timestamp: "t1" },
    );
    expect(event).toEqual({
      kind: "ActionEvent",
      id: "a1",
      timestamp: "t1",
      source: "agent",
      tool_name: "open_file_viewer",
      tool_call_id: "call_1",
      action: { kind: "ClientAction_open_file_viewer", file_path: "README.md", mcp_arg_kind: "text" },
      tool_call: { id: "call_1", name: "open_file_viewer", arguments: raw, origin: "completion" },
    });
  });

  it("answers it with an ObservationEvent naming the action, and acknowledges a fire-and-forget call at once", () => {
    const action = clientActionEvent(
      { toolName: "set_theme", toolCallId: "call_2", args: {} },
      { id: "a2", timestamp: "t" },
    );
    expect(action.tool_call.arguments).toBe("{}");
    expect(action.action).toEqual({ kind: "ClientAction_set_theme" });
    const observation = clientObservationEvent(
      action,
      { kind: "ClientToolObservation", content: [{ type: "text", text: "ok" }], is_error: false },
      { id: "o2", timestamp: "t" },
    );
    expect(observation).toEqual({
      kind: "ObservationEvent",
      id: "o2",
      timestamp: "t",
      source: "environment",
      tool_name: "set_theme",
      tool_call_id: "call_2",
      action_id: "a2",
      observation: expect.objectContaining({ is_error: false }),
    });

    const both = fireAndForgetEvents({ toolName: "set_theme", toolCallId: "call_3", args: { theme: "dark" } });
    expect(both.observation.action_id).toBe(both.action.id);
    expect(both.action.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(both.observation.observation).toEqual({
      kind: "ClientToolObservation",
      content: [{ type: "text", text: DISPATCHED_TEXT }],
      is_error: false,
    });
  });
});
