import { describe, expect, it } from "vitest";
import type { Tools } from "../wire/__fixtures__/table.js";
import { DISPATCHED_TEXT } from "../wire/observation.js";
import { bindClientTools } from "./bindings.js";

const bound = bindClientTools<Tools>({
  tools: { notify: "fire-and-forget", pick_date: "awaited", api_key: "private-input" },
});
const ran: string[] = [];
const handlers = {
  notify: (args: Tools["notify"]["args"]) => void ran.push(`notify ${args.text} ${args.kind ?? "-"}`),
  pick_date: async (args: Tools["pick_date"]["args"]) => {
    if (args.title === "fail") throw new Error("the picker closed");
    return { date: `${args.title}:2026-12-05` };
  },
  api_key: () => ({ key: "k" }),
};

describe("bindClientTools", () => {
  it("tells the table's actions from anything else, and fire-and-forget ones apart", () => {
    expect(bound.isClientAction({ kind: "ClientAction_pick_date", title: "t" })).toBe(true);
    expect(bound.isClientAction({ kind: "ClientAction_other" })).toBe(false);
    expect(bound.isClientAction("ClientAction_notify")).toBe(false);
    expect(bound.isFireAndForgetAction({ kind: "ClientAction_notify", text: "hi" })).toBe(true);
    expect(bound.isFireAndForgetAction({ kind: "ClientAction_pick_date", title: "t" })).toBe(false);
    expect(bound.isClientToolName("api_key")).toBe(true);
    expect(bound.isClientToolName("toString")).toBe(false);
  });

  it("gives an argument named kind back its name from mcp_arg_kind, and drops the action's kind", () => {
    expect(bound.actionArgs({ kind: "ClientAction_notify", text: "hi", mcp_arg_kind: "warn" })).toEqual({
      text: "hi",
      kind: "warn",
    });
    const action = bound.toClientAction("notify", { text: "hi", kind: "info" });
    expect(action).toEqual({
      ok: true,
      name: "notify",
      action: { kind: "ClientAction_notify", text: "hi", mcp_arg_kind: "info" },
    });
  });

  it("runs a call once and says what the model sees: the acknowledgement for fire-and-forget, the result when awaited", async () => {
    ran.length = 0;
    await expect(bound.dispatchToolCall("notify", '{"text":"hi"}', handlers)).resolves.toEqual({
      ok: true,
      name: "notify",
      result: undefined,
      output: DISPATCHED_TEXT,
    });
    expect(ran).toEqual(["notify hi -"]);
    await expect(bound.dispatchToolCall("pick_date", { title: "t" }, handlers)).resolves.toMatchObject({
      ok: true,
      result: { date: "t:2026-12-05" },
      output: { date: "t:2026-12-05" },
    });
  });

  it("never rejects: an unknown tool, broken JSON, a throwing handler and a private input each fail with their reason", async () => {
    const reasons = await Promise.all([
      bound.dispatchToolCall("nope", {}, handlers),
      bound.dispatchToolCall("pick_date", "{", handlers),
      bound.dispatchToolCall("pick_date", { title: "fail" }, handlers),
      bound.dispatchToolCall("api_key", {}, handlers),
    ]);
    expect(reasons.map((outcome) => (outcome.ok ? "ok" : outcome.reason))).toEqual([
      "unknown_tool",
      "invalid_json",
      "handler_error",
      "private_input",
    ]);
  });
});
