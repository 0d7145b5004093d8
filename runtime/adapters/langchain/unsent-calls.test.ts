import { describe, expect, it } from "vitest";
import type { ClientToolCall } from "../../wire/deferred-calls.js";
import { callsSentWith, unsentFireAndForget } from "./unsent-calls.js";

// Messages as a LangGraph thread holds them (their `type`, a model message's `tool_calls`, a client
// tool's ToolMessage with the call as its artifact), read without LangChain.

const call = (toolCallId: string, awaited: boolean): ClientToolCall => ({
  toolCallId,
  toolName: awaited ? "pick_date" : "notify",
  args: { id: toolCallId },
  awaited,
});
const human = { type: "human", content: "Go" };
const model = (...ids: string[]) => ({
  type: "ai",
  tool_calls: ids.map((id) => ({ id, name: id.startsWith("p") ? "pick_date" : "notify", args: { id } })),
});
const answered = (id: string) => ({
  type: "tool",
  tool_call_id: id,
  artifact: { clientToolCall: call(id, id.startsWith("p")) },
});
const refused = (id: string) => ({ type: "tool", tool_call_id: id, status: "error", content: "bad" });
/** Reads `p…` as awaited, `n…` as fire-and-forget, and refuses `x…`. */
const readCall = () => (toolCall: { id: string }) =>
  toolCall.id.startsWith("x") ? undefined : call(toolCall.id, toolCall.id.startsWith("p"));

describe("the fire-and-forget calls no stop has sent", () => {
  it("are those answered since the user's last message", () => {
    const thread = [human, model("n1"), answered("n1"), human, model("n2", "x1"), answered("n2"), refused("x1")];
    expect(unsentFireAndForget(thread)).toEqual([call("n2", false)]);
  });

  it("leave out a message whose awaited call was answered, and every call before it", () => {
    const thread = [human, model("n1"), answered("n1"), model("p1", "n2"), answered("p1"), answered("n2")];
    expect(unsentFireAndForget(thread)).toEqual([]);
    expect(unsentFireAndForget([...thread, model("n3"), answered("n3")])).toEqual([call("n3", false)]);
  });

  it("go with the first awaited call of a message that stops the graph, earlier unsent calls first", () => {
    const thread = [human, model("n1"), answered("n1"), model("x1", "p1", "n2", "p2")];
    expect(callsSentWith(call("p1", true), thread, readCall)).toEqual([call("n1", false), call("n2", false)]);
    expect(callsSentWith(call("p2", true), thread, readCall)).toEqual([]);
    expect(callsSentWith(call("p9", true), thread, readCall)).toEqual([]);
  });

  it("leave out a call of that message already answered by another's ToolMessage (an approval's rejection)", () => {
    const rejected = { type: "tool", tool_call_id: "n2", status: "error", content: "The user rejected it." };
    const thread = [human, model("p1", "n2", "n3"), rejected];
    expect(callsSentWith(call("p1", true), thread, readCall)).toEqual([call("n3", false)]);
  });
});
