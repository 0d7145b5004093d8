import type { ToolCallDispatch, ToolCallOutcome } from "../dispatch.js";

/** What a human-in-the-loop tool's `render` is given of the call it shows. */
export interface CopilotKitApprovalCall {
  readonly name: string;
  readonly args: unknown;
  /** The call's id, when the render has it: the handler's context then gets it. */
  readonly toolCallId?: string;
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * Answers the call a human-in-the-loop tool's `render` shows (`toCopilotKitHumanInTheLoopTools`):
 * approved, the generated handler runs now and its output (or the reason it failed) is what
 * `respond` gives the agent; denied, nothing runs and the agent is told the user declined, with
 * the reason when given. Resolves to the handler's outcome, or `undefined` after a denial.
 */
export async function answerCopilotKitApproval(
  call: CopilotKitApprovalCall,
  decision: { readonly approved: boolean; readonly reason?: string },
  respond: (result: unknown) => unknown,
  dispatch: ToolCallDispatch,
): Promise<ToolCallOutcome | undefined> {
  if (!decision.approved) {
    await respond(`The user declined this call${decision.reason === undefined ? "" : `: ${decision.reason}`}.`);
    return undefined;
  }
  const outcome = await dispatch(call.name, call.args, { toolCallId: call.toolCallId ?? "", signal: NEVER_ABORTED });
  await respond(outcome.ok ? outcome.output : outcome.message);
  return outcome;
}
