import { isRecord } from "../../util/guards.js";
import type { ClientToolCall } from "../../wire/deferred-calls.js";

// Which fire-and-forget calls of a thread the page has not had yet, read from the thread's
// messages alone (the checkpointer keeps nothing else of ours). The graph stops at a model message
// exactly when it holds an awaited client call with good arguments, and that stop sends the
// message's fire-and-forget calls with it; so every call up to the last message whose awaited
// calls were answered, or up to the user's last message, was sent before.

/** A model message's tool call, as LangChain keeps it. */
interface ModelToolCall {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
}

/** What a client tool makes of one of its calls: the call for the page, or nothing for refused arguments. */
export type ClientCallReader = (toolCall: ModelToolCall) => ClientToolCall | undefined;

/**
 * The fire-and-forget calls that go to the page with the interrupt of `call`: when `call` is the
 * first awaited call of its model message that stops the graph, the earlier calls not yet sent
 * and the message's own fire-and-forget calls (before the graph waits, not after it), but for
 * those another ToolMessage already answered (an approval step's rejection); else none.
 */
export function callsSentWith(
  call: ClientToolCall,
  messages: readonly unknown[],
  readCall: (name: string) => ClientCallReader | undefined,
): ClientToolCall[] {
  const at = messages.findIndex((message) => toolCallsOf(message).some((toolCall) => toolCall.id === call.toolCallId));
  if (at < 0) return [];
  const own = toolCallsOf(messages[at]).flatMap((toolCall) => readCall(toolCall.name)?.(toolCall) ?? []);
  if (own.find((candidate) => candidate.awaited)?.toolCallId !== call.toolCallId) return [];
  const answeredElsewhere = new Set(
    messages
      .slice(at + 1)
      .filter((message) => typeOf(message) === "tool" && clientCallOfToolMessage(message) === undefined)
      .map((message) => (message as { readonly tool_call_id?: unknown }).tool_call_id),
  );
  return [
    ...unsentFireAndForget(messages.slice(0, at)),
    ...own.filter((candidate) => !candidate.awaited && !answeredElsewhere.has(candidate.toolCallId)),
  ];
}

/**
 * The fire-and-forget calls answered among `messages` that no stop has sent: those after the
 * user's last message and after the last model message whose awaited calls were answered, of
 * model messages that held no awaited call (a message that did was sent with its stop).
 */
export function unsentFireAndForget(messages: readonly unknown[]): ClientToolCall[] {
  const answered = new Map<string, ClientToolCall>();
  let from = 0;
  messages.forEach((message, index) => {
    if (typeOf(message) === "human") from = index + 1;
    const call = clientCallOfToolMessage(message);
    if (call !== undefined) answered.set(call.toolCallId, call);
  });
  const calls: ClientToolCall[] = [];
  for (let index = messages.length - 1; index >= from; index--) {
    const own = toolCallsOf(messages[index]).flatMap((toolCall) => answered.get(toolCall.id) ?? []);
    if (own.some((call) => call.awaited)) break;
    calls.unshift(...own);
  }
  return calls;
}

function typeOf(message: unknown): unknown {
  return isRecord(message) ? message["type"] : undefined;
}

function toolCallsOf(message: unknown): readonly ModelToolCall[] {
  if (typeOf(message) !== "ai" || !isRecord(message) || !Array.isArray(message["tool_calls"])) return [];
  return (message["tool_calls"] as unknown[]).filter(
    (toolCall): toolCall is ModelToolCall =>
      isRecord(toolCall) && typeof toolCall["id"] === "string" && typeof toolCall["name"] === "string",
  );
}

/** The call a client tool's ToolMessage carries (its artifact), once the call was answered. */
export function clientCallOfToolMessage(message: unknown): ClientToolCall | undefined {
  if (typeOf(message) !== "tool" || !isRecord(message) || !isRecord(message["artifact"])) return undefined;
  const call = message["artifact"]["clientToolCall"];
  return isClientToolCall(call) ? call : undefined;
}

export function isClientToolCall(value: unknown): value is ClientToolCall {
  return (
    isRecord(value) &&
    typeof value["toolCallId"] === "string" &&
    typeof value["toolName"] === "string" &&
    typeof value["awaited"] === "boolean" &&
    "args" in value
  );
}
