import { Command } from "@langchain/langgraph";
import type { ClientToolCall } from "../../wire/deferred-calls.js";
import type { DeferredClientToolAnswer } from "../deferred-call.js";
import { isClientToolCall, unsentFireAndForget } from "./unsent-calls.js";

/** The `type` of the value a client tool's call interrupts the graph with. */
export const CLIENT_TOOL_INTERRUPT = "client_tool_call";

/** An interrupt as a graph's result (`__interrupt__`) or state (`tasks[].interrupts`) lists it. */
export interface InterruptLike {
  readonly id?: string;
  readonly value?: unknown;
}

/**
 * What this reads of a graph's result (`graph.invoke`): the messages to look through, and where
 * the graph stopped; or of its saved state (`graph.getState`): the interrupts of its tasks.
 */
export interface ClientToolGraphResult {
  readonly messages?: readonly unknown[];
  readonly __interrupt__?: readonly InterruptLike[];
  readonly tasks?: readonly { readonly interrupts?: readonly InterruptLike[] }[];
}

/**
 * The client calls for the page, each once across the thread's stops and turns (pass the graph's
 * result, or its saved state with its messages). Where the graph stopped on awaited calls: each of
 * them, after the fire-and-forget calls the page has not had (the model message's own among them,
 * so that they run while the graph waits). Where it did not: the fire-and-forget calls answered
 * since the last stop, or since the user's last message. Calls whose arguments were refused are
 * not among them: the model has the reason.
 */
export function clientToolCallsOfGraph(result: ClientToolGraphResult): ClientToolCall[] {
  const stops = interruptsOf(result).flatMap((pending) => {
    const call = clientToolCallOf(pending);
    return call === undefined ? [] : [{ call, alongside: alongsideOf(pending) }];
  });
  if (stops.length === 0) return unsentFireAndForget(result.messages ?? []);
  return stops.flatMap(({ call, alongside }) => [...alongside, call]);
}

/**
 * The `Command` that resumes a graph stopped on client calls with the answers the page sent
 * (`graph.invoke(resumeClientToolCalls(result, answers), config)`): each answer goes
 * to the interrupt of its call, and is checked by the tool before the model sees it. Interrupts
 * that are not client calls, or have no answer, are left for the app's own resume.
 */
export function resumeClientToolCalls(
  result: ClientToolGraphResult,
  answers: Iterable<DeferredClientToolAnswer>,
): Command {
  const byId = new Map<string, DeferredClientToolAnswer["outcome"]>();
  for (const answer of answers) if (!byId.has(answer.toolCallId)) byId.set(answer.toolCallId, answer.outcome);
  const resume: Record<string, unknown> = {};
  for (const pending of interruptsOf(result)) {
    const call = clientToolCallOf(pending);
    if (call === undefined || pending.id === undefined || !byId.has(call.toolCallId)) continue;
    resume[pending.id] = byId.get(call.toolCallId);
  }
  return new Command({ resume });
}

function interruptsOf(result: ClientToolGraphResult): readonly InterruptLike[] {
  return result.__interrupt__ ?? result.tasks?.flatMap((task) => task.interrupts ?? []) ?? [];
}

function clientToolCallOf(pending: InterruptLike): ClientToolCall | undefined {
  const value = pending.value as { readonly type?: unknown } | undefined;
  if (value?.type !== CLIENT_TOOL_INTERRUPT || !isClientToolCall(value)) return undefined;
  const { toolCallId, toolName, args, awaited } = value;
  return { toolCallId, toolName, args, awaited };
}

function alongsideOf(pending: InterruptLike): ClientToolCall[] {
  const alongside = (pending.value as { readonly alongside?: unknown } | undefined)?.alongside;
  return Array.isArray(alongside) ? alongside.filter((call) => isClientToolCall(call) && !call.awaited) : [];
}
