import type { Agent, AgentInputItem, RunContext, RunItem, RunState, RunToolApprovalItem } from "@openai/agents";
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
  /** A fire-and-forget call waits for the app's approval (`needsApproval`) before it is answered and listed. */
  readonly approval: boolean;
}

/** What `toOpenAIAgentsTools` made each tool from, so that a run's items can be read back. */
const clientTools = new WeakMap<object, MadeTool>();

export function markClientTool(tool: object, made: MadeTool): void {
  clientTools.set(tool, made);
}

/** The part of a run's result this reads: what the run added, where it stopped, and its approvals. */
export interface ClientToolRunResult {
  readonly newItems: readonly RunItem[];
  readonly interruptions: readonly RunToolApprovalItem[] | undefined;
  readonly runContext: Pick<RunContext, "isToolApproved">;
}

/**
 * The client calls of a run for the page, each listed once: each fire-and-forget call the run made
 * (answered with the acknowledgement), and each awaited call it stopped on. A resumed run holds
 * the items of the run it resumes; the calls among those were listed then and are not listed
 * again. Calls whose arguments were refused are not among them: the model has, or will have, the
 * reason. A fire-and-forget call that waits for approval is listed by the resumed run that
 * approved it, and never when rejected.
 */
export function clientToolCallsOfRun(result: ClientToolRunResult): ClientToolCall[] {
  const calls: ClientToolCall[] = [];
  const listed = listedBefore(result);
  const approvedNow = approvedInThisResume(result);
  for (const item of result.newItems) {
    if (item.type !== "tool_call_item" || item.rawItem.type !== "function_call") continue;
    const made = madeOf(item.agent, item.rawItem.name);
    if (made?.delivery !== "acknowledge") continue;
    const { callId } = item.rawItem;
    if (made.approval ? !approvedNow.has(callId) : listed.has(callId)) continue;
    const read = made.input.readJson(item.rawItem.arguments);
    if (read.ok) calls.push({ toolCallId: callId, toolName: made.spec.name, args: read.args, awaited: false });
  }
  for (const item of result.interruptions ?? []) {
    if (item.rawItem.type !== "function_call" || listed.has(item.rawItem.callId)) continue;
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
  resumedAfter.set(state._context, new Set(callIdsOf(state.history)));
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

/** The calls a run held when `answerClientToolCalls` readied it to resume, by its context (in this process). */
const resumedAfter = new WeakMap<object, ReadonlySet<string>>();

/**
 * The calls of a resumed run that were listed before it resumed. A resume puts the output of each
 * call decided for it (approved or rejected) where the call's approval stood, so every call before
 * the last such output came before the resume; this holds for a state resumed in another process.
 * A resume readied here by `answerClientToolCalls` is known exactly, even when it decided nothing.
 */
function listedBefore(result: ClientToolRunResult): ReadonlySet<string> {
  const listed = new Set(resumedAfter.get(result.runContext));
  const items = result.newItems;
  let decided = -1;
  items.forEach((item, index) => {
    if (item.type !== "tool_call_output_item" || item.rawItem.type !== "function_call_result") return;
    const { name, callId } = item.rawItem;
    if (result.runContext.isToolApproved({ toolName: name, callId }) !== undefined) decided = index;
  });
  for (const item of items.slice(0, Math.max(decided, 0))) {
    if (item.type === "tool_call_item" && item.rawItem.type === "function_call") listed.add(item.rawItem.callId);
  }
  return listed;
}

/**
 * The calls approved by the resume that made this result: the outputs approved (in the run's
 * context) in the step that holds the last decided output (approved or rejected), which is the
 * step the run stopped on.
 * A step's items are its calls and then their outputs, so the step begins where, walking back
 * from that output over outputs and then calls, another output or item appears.
 */
function approvedInThisResume(result: ClientToolRunResult): ReadonlySet<string> {
  const items = result.newItems;
  const isOutput = (item: RunItem | undefined) =>
    item?.type === "tool_call_output_item" && item.rawItem.type === "function_call_result";
  const decision = (item: RunItem | undefined) =>
    item?.type === "tool_call_output_item" && item.rawItem.type === "function_call_result"
      ? result.runContext.isToolApproved({ toolName: item.rawItem.name, callId: item.rawItem.callId })
      : undefined;
  let end = items.length - 1;
  while (end >= 0 && decision(items[end]) === undefined) end--;
  let start = end;
  while (start > 0 && isOutput(items[start - 1])) start--;
  while (start > 0 && items[start - 1]?.type === "tool_call_item") start--;
  const approved = new Set<string>();
  for (const item of items.slice(Math.max(start, 0), end + 1)) {
    if (
      decision(item) === true &&
      item.type === "tool_call_output_item" &&
      item.rawItem.type === "function_call_result"
    )
      approved.add(item.rawItem.callId);
  }
  return approved;
}

function callIdsOf(history: readonly AgentInputItem[]): string[] {
  return history.flatMap((item) => (item.type === "function_call" ? [item.callId] : []));
}

// biome-ignore lint/suspicious/noExplicitAny: an agent of any context and output, as the SDK's own RunState types it
function madeOf(agent: Agent<any, any>, name: string) {
  const tool = agent.tools.find((candidate) => candidate.type === "function" && candidate.name === name);
  return tool === undefined ? undefined : clientTools.get(tool);
}
