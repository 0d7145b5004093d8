import type { Interrupt, ResumeEntry } from "@ag-ui/core";
import type { ClientCallBroker } from "../../server/broker.js";
import { deliverAnswer } from "../../server/transports/deliver.js";
import { isRecord } from "../../util/guards.js";
import { ClientCallError } from "../../wire/errors.js";
import type { ClientToolRequest } from "../../wire/messages.js";

// A private input over AG-UI is not a tool call the frontend answers with a ToolMessage: AG-UI
// resends every message on every run, and frameworks keep them. The run stops on an explicit
// `private_input` interrupt, and the next run's resume entry carries the value, which the
// server takes out of the input before anything else sees it.

/** The interrupt reason of a run that stopped to ask the user for a private input. */
export const PRIVATE_INPUT_INTERRUPT_REASON = "private_input";

/**
 * The interrupt asking for a broker's private-input request: answered by a resume entry with the same id (the call's
 * toolCallId).
 */
export function toAgUiPrivateInputInterrupt(request: ClientToolRequest): Interrupt {
  return {
    id: request.toolCallId,
    reason: PRIVATE_INPUT_INTERRUPT_REASON,
    toolCallId: request.toolCallId,
    message:
      `The agent asks for a private input for ${request.toolName}: ` +
      `it goes to the server alone, never to the model.`,
    responseSchema: request.privateInputSchema ?? { type: "object" },
    expiresAt: new Date(request.expiresAt).toISOString(),
    metadata: { toolName: request.toolName, args: request.args },
  };
}

/** What `acceptAgUiPrivateInputs` did with a run's resume entries. */
export interface AgUiPrivateInputsTaken<E = ResumeEntry> {
  /** Each entry that answered a private input of the owner's, with the broker's status (200, or its refusal's). */
  readonly taken: readonly { readonly interruptId: string; readonly status: number }[];
  /** The other entries, for the app's agent: none of them holds a private input. */
  readonly rest: readonly E[];
}

/**
 * Takes a run's resume entries that answer the owner's private-input interrupts to the broker
 * (`resolved` submits the payload, `cancelled` reports the prompt dismissed) and hands back the
 * others. An entry for a private input that has ended is consumed too (refused with 409), so a
 * value never reaches the app's agent, its state or its events. Pass `rest` on instead of `input.resume`.
 */
export async function acceptAgUiPrivateInputs<E = ResumeEntry>(
  broker: ClientCallBroker,
  input: { readonly owner: string; readonly conversationId: string; readonly resume: readonly E[] | undefined },
): Promise<AgUiPrivateInputsTaken<E>> {
  const taken: { interruptId: string; status: number }[] = [];
  const rest: E[] = [];
  for (const entry of input.resume ?? []) {
    // Whatever a client sent: only an entry that names one of the owner's private inputs is read further.
    const interruptId = isRecord(entry) && typeof entry["interruptId"] === "string" ? entry["interruptId"] : undefined;
    const request =
      interruptId === undefined
        ? undefined
        : await broker.privateInputRequest({
            owner: input.owner,
            conversationId: input.conversationId,
            toolCallId: interruptId,
          });
    if (request === undefined || interruptId === undefined) {
      rest.push(entry);
      continue;
    }
    const { requestId } = request;
    const fields = entry as Readonly<Record<string, unknown>>;
    try {
      await deliverAnswer(
        broker,
        input.owner,
        fields["status"] === "resolved"
          ? { requestId, result: fields["payload"] }
          : { requestId, error: "dismissed", retryable: false },
      );
      taken.push({ interruptId, status: 200 });
    } catch (error) {
      if (!(error instanceof ClientCallError)) throw error;
      taken.push({ interruptId, status: error.status });
    }
  }
  return { taken, rest };
}

/** An interrupt of a RUN_FINISHED outcome, as @ag-ui/core's type or its schema's parse gives it. */
export interface AgUiInterruptLike {
  readonly id: string;
  readonly reason: string;
  readonly toolCallId?: string | undefined;
  readonly responseSchema?: Readonly<Record<string, unknown>> | undefined;
  readonly metadata?: Readonly<Record<string, unknown>> | undefined;
}

/** A private-input interrupt as the frontend collects it. */
export interface AgUiPrivateInputPrompt {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly args: unknown;
  /** The JSON Schema of the value to collect. */
  readonly schema: Readonly<Record<string, unknown>>;
}

/**
 * For the frontend: the resume entries that answer a finished run's private-input interrupts,
 * each value collected by `collect` (the app's generated handler for the tool); a `collect` that
 * throws dismisses the prompt (`cancelled`). Send them as `resume` of the next run and nowhere
 * else: not in the agent's messages or state.
 */
export async function resumeAgUiPrivateInputs(
  interrupts: readonly AgUiInterruptLike[],
  collect: (prompt: AgUiPrivateInputPrompt) => unknown,
): Promise<ResumeEntry[]> {
  const entries: ResumeEntry[] = [];
  for (const interrupt of interrupts) {
    if (interrupt.reason !== PRIVATE_INPUT_INTERRUPT_REASON) continue;
    const metadata: Readonly<Record<string, unknown>> = interrupt.metadata ?? {};
    const prompt: AgUiPrivateInputPrompt = {
      toolCallId: interrupt.toolCallId ?? interrupt.id,
      toolName: typeof metadata["toolName"] === "string" ? metadata["toolName"] : "",
      args: metadata["args"] ?? {},
      schema: interrupt.responseSchema ?? {},
    };
    try {
      entries.push({ interruptId: interrupt.id, status: "resolved", payload: await collect(prompt) });
    } catch {
      entries.push({ interruptId: interrupt.id, status: "cancelled" });
    }
  }
  return entries;
}
