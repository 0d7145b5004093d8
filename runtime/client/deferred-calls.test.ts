import { describe, expect, it } from "vitest";
import { runClientToolCalls } from "./deferred-calls.js";

describe("runClientToolCalls", () => {
  it("runs every call in order, and gives back the outcome of each awaited one by its id", async () => {
    const ran: string[] = [];
    const answers = await runClientToolCalls(
      [
        { toolCallId: "c1", toolName: "notify", args: { text: "hi" }, awaited: false },
        { toolCallId: "c2", toolName: "pick_date", args: { title: "When?" }, awaited: true },
      ],
      async (name, args, { toolCallId }) => {
        ran.push(`${toolCallId}:${name}`);
        return { ok: true, name, output: args };
      },
    );
    expect(ran).toEqual(["c1:notify", "c2:pick_date"]);
    expect(answers).toEqual([
      { toolCallId: "c2", outcome: { ok: true, name: "pick_date", output: { title: "When?" } } },
    ]);
  });
});
