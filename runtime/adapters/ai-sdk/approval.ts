import type { ToolCallOutcome } from "../dispatch.js";
import { type AiSdkToolCallOptions, handleAiSdkToolCall } from "./tool-call.js";

/** A tool part of the chat's messages in the `approval-requested` state, as the page renders it. */
export interface AiSdkApprovalRequest {
  readonly type: string;
  /** A `dynamic-tool` part's tool; a typed part names it in `type` (`tool-pick_date`). */
  readonly toolName?: string;
  readonly toolCallId: string;
  readonly input?: unknown;
  readonly approval?: { readonly id: string };
}

/** What the person decided: `reason` goes to the model with a denial. */
export interface AiSdkApprovalDecision {
  readonly approved: boolean;
  readonly reason?: string;
}

export interface AiSdkApprovalOptions extends AiSdkToolCallOptions {
  /** The chat's `addToolApprovalResponse`: it records a denial, which the SDK sends to the model. */
  readonly addToolApprovalResponse: (response: { id: string; approved: boolean; reason?: string }) => unknown;
}

/** The approvals each chat (told apart by its `addToolOutput`) has answered, so a second click does nothing. */
const answered = new WeakMap<object, Set<string>>();

/**
 * Answers the approval a client tool's call waits for (a tool listed in `needsApproval`, whose call
 * `handleAiSdkToolCall` held), recording it with the chat's `addToolApprovalResponse`: approved, the
 * handler runs now, once, and its output is added; denied, nothing runs, and the denial (with its
 * reason) goes to the model as the SDK's `execution-denied`. A decision for an approval already
 * answered, or for a part with no approval, does nothing and resolves to `undefined`. Pair it with
 * `sendAutomaticallyWhen: clientToolCallsAnswered(needsApproval)`, which waits for an approved
 * call's output where the SDK's own conditions would send the bare approval.
 */
export async function answerAiSdkApproval(
  part: AiSdkApprovalRequest,
  decision: AiSdkApprovalDecision,
  options: AiSdkApprovalOptions,
): Promise<ToolCallOutcome | undefined> {
  const id = part.approval?.id;
  if (id === undefined) return undefined;
  let ids = answered.get(options.addToolOutput);
  if (ids === undefined) answered.set(options.addToolOutput, (ids = new Set()));
  if (ids.has(id)) return undefined;
  ids.add(id);
  await options.addToolApprovalResponse({
    id,
    approved: decision.approved,
    ...(decision.reason !== undefined && { reason: decision.reason }),
  });
  if (!decision.approved) return undefined;
  const toolName = part.toolName ?? part.type.slice("tool-".length);
  return handleAiSdkToolCall(
    { toolCallId: part.toolCallId, toolName, input: part.input },
    { ...options, needsApproval: [] },
  );
}

/** A part of a chat message, as far as `clientToolCallsAnswered` reads it. */
interface AiSdkPart {
  readonly type: string;
  readonly state?: string;
  readonly toolName?: string;
  readonly providerExecuted?: boolean;
  readonly preliminary?: boolean;
  readonly approval?: { readonly approved?: boolean };
}

/**
 * For `sendAutomaticallyWhen` of `useChat` / `Chat`: true once every tool call of the last step of
 * the assistant's last message is answered: an output, an error, a denial, or an approval of a tool
 * the server runs. An approved call of a tool in `needsApproval` (a client tool) is answered by its
 * output, not by the approval, so the chat never sends a call the client has not run yet.
 */
export function clientToolCallsAnswered(
  needsApproval: readonly string[] = [],
): (chat: {
  readonly messages: readonly { readonly role: string; readonly parts: readonly AiSdkPart[] }[];
}) => boolean {
  const answered = (part: AiSdkPart): boolean => {
    switch (part.state) {
      case "output-available":
        return part.preliminary !== true;
      case "output-error":
      case "output-denied":
        return true;
      case "approval-responded":
        return part.approval?.approved !== true || !needsApproval.includes(part.toolName ?? part.type.slice(5));
      default:
        return false;
    }
  };
  const isCall = (part: AiSdkPart) =>
    (part.type.startsWith("tool-") || part.type === "dynamic-tool") && part.providerExecuted !== true;
  return ({ messages }) => {
    const message = messages.at(-1);
    if (message?.role !== "assistant") return false;
    const step = message.parts.slice(lastIndexOf(message.parts, (part) => part.type === "step-start") + 1);
    const lastCall = lastIndexOf(step, isCall);
    if (lastCall === -1) return false;
    const textStreaming = step.slice(lastCall + 1).some((part) => part.type === "text" && part.state !== "done");
    return !textStreaming && step.filter(isCall).every(answered);
  };
}

/** `findLastIndex`, which the ES2022 library this entry targets lacks. */
function lastIndexOf<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) if (test(items[index]!)) return index;
  return -1;
}
