import type { Agent, RunItem, RunState, RunToolApprovalItem } from "@openai/agents";
import type { ClientToolSpec } from "../../tool-spec/types.js";
import type { ClientToolCall } from "../../wire/deferred-calls.js";
import type { DeferredClientToolAnswer } from "../deferred-call.js";
import type { ClientToolInput } from "../tool-input.js";
import { answersOf } from "./answers.js";

/**
 * How a tool's calls reach the client: listed for the page after the run stops on them
 * (`"interrupt"`) or after the run answered them with the acknowledgement (`"acknowledge"`), or
 * carried within the run by the app's dispatch (`"dispatch"`).
 */
export type ClientToolDelivery = "interrupt" | "acknowledge" | "dispatch";

interface MadeTool {
  readonly spec: ClientToolSpec;
  readonly input: ClientToolInput;
  readonly delivery: ClientToolDelivery;
}

/** What `toOpenAIAgentsTools` made each tool from, so that a run's items can be read back. */
const clientTools = new WeakMap<object, MadeTool>();

export function markClientTool(tool: object, made: MadeTool): void {
  clientTools.set(tool, made);
}

/** The part of a run's result this reads: what the run added, and where it stopped. */
export interface ClientToolRunResult {
  readonly newItems: readonly RunItem[];
  readonly interruptions: readonly RunToolApprovalItem[] | undefined;
}

/**
 * The client calls of a run for the page: each fire-and-forget call the run made (answered with
 * the acknowledgement), and each awaited call it stopped on. Calls whose arguments were refused
 * are not among them: the model has, or will have, the reason.
 */
export function clientToolCallsOfRun(result: ClientToolRunResult): ClientToolCall[] {
  const calls: ClientToolCall[] = [];
  for (const item of result.newItems) {
    if (item.type !== "tool_call_item" || item.rawItem.type !== "function_call") continue;
    const made = madeOf(item.agent, item.rawItem.name);
    if (made?.delivery !== "acknowledge") continue;
    const read = made.input.readJson(item.rawItem.arguments);
    if (read.ok)
      calls.push({ toolCallId: item.rawItem.callId, toolName: made.spec.name, args: read.args, awaited: false });
  }
  for (const item of result.interruptions ?? []) {
    if (item.rawItem.type !== "function_call") continue;
    const made = madeOf(item.agent, item.rawItem.name);
    if (made?.delivery !== "interrupt") continue;
    const read = made.input.readJson(item.rawItem.arguments);
    if (read.ok)
      calls.push({ toolCallId: item.rawItem.callId, toolName: made.spec.name, args: read.args, awaited: true });
  }
  return calls;
}

/**
 * Answers the client calls a run stopped on, before it resumes (`run(agent, state)`): each call
 * with an answer is let through, its tool's output being the answer (a result checked with the
 * tool's result validator, or the failure); a call whose arguments are not JSON (the SDK stops on
 * those too) is let through for the SDK to tell the model. A call without an answer stays pending: the run stops on
 * it again. Returns the ids of the calls it answered.
 */
// biome-ignore lint/suspicious/noExplicitAny: an agent of any context and output, as the SDK's own RunState types it
export function answerClientToolCalls<Context, A extends Agent<any, any>>(
  state: RunState<Context, A>,
  answers: Iterable<DeferredClientToolAnswer>,
): string[] {
  const byId = new Map<string, DeferredClientToolAnswer["outcome"]>();
  for (const answer of answers) if (!byId.has(answer.toolCallId)) byId.set(answer.toolCallId, answer.outcome);
  const answered: string[] = [];
  for (const item of state.getInterruptions()) {
    if (item.rawItem.type !== "function_call") continue;
    const made = madeOf(item.agent, item.rawItem.name);
    if (made === undefined) continue;
    const read = made.input.readJson(item.rawItem.arguments);
    if (!read.ok) {
      // The SDK stops on arguments that are not JSON before any tool code runs; let through, it tells the model so
      // itself.
      state.approve(item);
      continue;
    }
    const outcome = byId.get(item.rawItem.callId);
    if (outcome === undefined) continue;
    answersOf(state._context).set(item.rawItem.callId, outcome);
    state.approve(item);
    answered.push(item.rawItem.callId);
  }
  return answered;
}

// biome-ignore lint/suspicious/noExplicitAny: an agent of any context and output, as the SDK's own RunState types it
function madeOf(agent: Agent<any, any>, name: string) {
  const tool = agent.tools.find((candidate) => candidate.type === "function" && candidate.name === name);
  return tool === undefined ? undefined : clientTools.get(tool);
}
