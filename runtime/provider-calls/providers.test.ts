import { describe, expect, it } from "vitest";
import { fromAnthropicToolUse, toAnthropicToolResult } from "./anthropic.js";
import { fromGeminiFunctionCall, toGeminiFunctionResponse } from "./gemini.js";
import { fromOpenAIChatToolCall, toOpenAIChatToolMessage } from "./openai-chat.js";
import { fromResponsesFunctionCall, toResponsesFunctionCallOutput } from "./openai-responses.js";

// The shapes are the ones each provider's API reference gives; provider-calls.test-d.ts checks
// them against each SDK's own types.
const done = { ok: true, output: { colour: "teal" } } as const;
const acknowledged = { ok: true, output: "Tool call dispatched to client." } as const;
const failed = { ok: false, message: "Invalid arguments for pick_colour: /prompt must be string." } as const;

describe("OpenAI Chat Completions", () => {
  it("reads a function tool call and answers with a tool message", () => {
    const call = {
      id: "call_1",
      type: "function",
      function: { name: "pick_colour", arguments: '{"prompt":"?"}' },
    } as const;
    expect(fromOpenAIChatToolCall(call)).toEqual({
      ok: true,
      toolCallId: "call_1",
      name: "pick_colour",
      args: { prompt: "?" },
    });
    expect(toOpenAIChatToolMessage("call_1", done)).toEqual({
      role: "tool",
      tool_call_id: "call_1",
      content: '{"colour":"teal"}',
    });
    expect(toOpenAIChatToolMessage("call_1", acknowledged).content).toBe("Tool call dispatched to client.");
    expect(toOpenAIChatToolMessage("call_1", failed).content).toBe(`Error: ${failed.message}`);
  });

  it("refuses a custom tool call and truncated arguments without throwing", () => {
    expect(
      fromOpenAIChatToolCall({ id: "c", type: "custom", custom: { name: "x", input: "free text" } }),
    ).toMatchObject({ ok: false, reason: "invalid_arguments" });
    expect(
      fromOpenAIChatToolCall({ id: "c", type: "function", function: { name: "x", arguments: '{"a":' } }),
    ).toMatchObject({ ok: false, reason: "invalid_json" });
  });
});

describe("OpenAI Responses", () => {
  it("reads a function_call item by its call_id and answers with function_call_output", () => {
    const call = {
      type: "function_call",
      id: "fc_1",
      call_id: "call_9",
      name: "notify",
      arguments: '{"text":"hi"}',
    } as const;
    expect(fromResponsesFunctionCall(call)).toEqual({
      ok: true,
      toolCallId: "call_9",
      name: "notify",
      args: { text: "hi" },
    });
    expect(toResponsesFunctionCallOutput("call_9", acknowledged)).toEqual({
      type: "function_call_output",
      call_id: "call_9",
      output: "Tool call dispatched to client.",
    });
    expect(toResponsesFunctionCallOutput("call_9", failed).output).toBe(`Error: ${failed.message}`);
  });
});

describe("Anthropic Messages", () => {
  it("reads a tool_use block and answers with a tool_result, is_error for a failure", () => {
    expect(
      fromAnthropicToolUse({ type: "tool_use", id: "toolu_1", name: "pick_colour", input: { prompt: "?" } }),
    ).toEqual({
      ok: true,
      toolCallId: "toolu_1",
      name: "pick_colour",
      args: { prompt: "?" },
    });
    expect(fromAnthropicToolUse({ type: "tool_use", id: "toolu_1", name: "p", input: "text" })).toMatchObject({
      ok: false,
      reason: "invalid_arguments",
    });
    expect(toAnthropicToolResult("toolu_1", done)).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: '{"colour":"teal"}',
    });
    expect(toAnthropicToolResult("toolu_1", failed)).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_1",
      content: failed.message,
      is_error: true,
    });
  });
});

describe("Gemini", () => {
  it("reads a functionCall, with or without an id, and answers with output or error in the response", () => {
    expect(fromGeminiFunctionCall({ name: "notify", args: { text: "hi" } })).toEqual({
      ok: true,
      toolCallId: undefined,
      name: "notify",
      args: { text: "hi" },
    });
    expect(fromGeminiFunctionCall({ id: "g1", name: "notify" })).toEqual({
      ok: true,
      toolCallId: "g1",
      name: "notify",
      args: {},
    });
    expect(fromGeminiFunctionCall({ args: {} })).toMatchObject({
      ok: false,
      reason: "invalid_arguments",
      message: "The function call names no function.",
    });
    expect(toGeminiFunctionResponse({ id: "g1", name: "pick_colour" }, done)).toEqual({
      functionResponse: { id: "g1", name: "pick_colour", response: { output: { colour: "teal" } } },
    });
    expect(toGeminiFunctionResponse({ name: "pick_colour" }, failed)).toEqual({
      functionResponse: { name: "pick_colour", response: { error: failed.message } },
    });
  });
});
