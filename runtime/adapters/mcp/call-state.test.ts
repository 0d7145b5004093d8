import { parse as healPartialJson } from "partial-json";
import { describe, expect, it } from "vitest";
import {
  type ClientToolCallState,
  type ClientTools,
  clientToolSpecs,
} from "../../../examples/ai-sdk-chat/src/client-tools.gen/index.js";
import { clientToolValidators } from "../../../examples/ai-sdk-chat/src/client-tools.gen/validators/index.js";
import { createClientToolCallStreams } from "../../client/call-streams.js";
import { callStateFromMcp } from "./index.js";

// An MCP App's view is told the arguments so far as a value, healed by its host from the text
// the model has written (here with the partial-json package, as hosts do).
const CHART = {
  title: "Sign-ups",
  kind: "line",
  unit: "users",
  points: [
    { label: "Q1", value: 120 },
    { label: "Q2", value: 180 },
  ],
};
const CALL = { toolCallId: "view-1", toolName: "show_chart" } as const;

describe("callStateFromMcp (MCP Apps notifications)", () => {
  it("takes the healed arguments of tool-input-partial as a stream, nothing on the open path final, then the complete input and the result", () => {
    const streams = createClientToolCallStreams<ClientTools>({
      specs: clientToolSpecs,
      validators: clientToolValidators,
    });
    const json = JSON.stringify(CHART);
    const states: ClientToolCallState<"show_chart">[] = [];
    for (let end = 3; end < json.length; end += 3) {
      const healed: unknown = healPartialJson(json.slice(0, end));
      const state = callStateFromMcp(
        { method: "ui/notifications/tool-input-partial", params: { arguments: healed } },
        streams,
        CALL,
      );
      if (state !== undefined) states.push(state);
    }
    const streaming = states.filter((state) => state.status === "input-streaming");
    expect(streaming.length).toBeGreaterThan(10);
    for (const state of streaming) {
      if (state.status !== "input-streaming") continue;
      expect([undefined, "line"], "a value from a list shows only whole").toContain(state.args?.kind);
      for (const pointer of ["/title", "/unit", "/points/0", "/points/1"] as const) {
        const part = pointer.startsWith("/points/")
          ? state.args?.points?.[Number(pointer.slice(8))]
          : state.args?.[pointer.slice(1) as "title" | "unit"];
        const whole = pointer.startsWith("/points/")
          ? CHART.points[Number(pointer.slice(8))]
          : CHART[pointer.slice(1) as "title" | "unit"];
        if (state.isFinal(pointer)) expect(part, `${pointer} is final only once whole`).toEqual(whole);
      }
    }
    expect(
      callStateFromMcp({ method: "ui/notifications/tool-input", params: { arguments: CHART } }, streams, CALL),
    ).toEqual({ status: "input-available", ...CALL, args: CHART });
    expect(
      callStateFromMcp(
        {
          method: "ui/notifications/tool-result",
          params: { content: [{ type: "text", text: "Tool call dispatched to client." }] },
        },
        streams,
        CALL,
      ),
    ).toEqual({ status: "output-available", ...CALL, args: CHART });
  });

  it("gives an error result, a cancelled call and an awaited tool's structured result", () => {
    const streams = createClientToolCallStreams<ClientTools>({ specs: clientToolSpecs });
    const pick = { toolCallId: "view-2", toolName: "pick_colour" } as const;
    const args = { question: "Which?", colours: ["gold", "teal"] };
    callStateFromMcp({ method: "ui/notifications/tool-input", params: { arguments: args } }, streams, pick);
    expect(
      callStateFromMcp(
        { method: "ui/notifications/tool-result", params: { structuredContent: { colour: "gold" }, content: [] } },
        streams,
        pick,
      ),
    ).toEqual({ status: "output-available", ...pick, args, result: { colour: "gold" } });
    expect(
      callStateFromMcp(
        {
          method: "ui/notifications/tool-result",
          params: { isError: true, content: [{ type: "text", text: "The user closed the picker." }] },
        },
        streams,
        pick,
      ),
    ).toMatchObject({ status: "output-error", args, error: "The user closed the picker." });
    expect(
      callStateFromMcp(
        { method: "ui/notifications/tool-cancelled", params: { reason: "The turn was stopped." } },
        streams,
        pick,
      ),
    ).toMatchObject({ status: "output-error", error: "The turn was stopped." });
    expect(
      callStateFromMcp({ method: "ui/notifications/host-context-changed", params: {} }, streams, pick),
    ).toBeUndefined();
  });
});
