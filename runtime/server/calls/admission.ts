import { DEFAULT_MAX_VALUE_DEPTH, unfitValue } from "../../schema/value-depth.js";
import { checkClientToolPermission } from "../../tool-spec/permission.js";
import type { ClientCallCancelled, ClientCallDenied, ClientCallOutcome } from "../../wire/outcome.js";
import { argsFingerprint, type ClientToolApprover, refusalReason } from "../approval.js";
import type { ClientToolApprovalRequest } from "../approval-request.js";
import { type DecisionSigner, type SignedClientToolDecision, signedDecisionOf } from "../signing/signed-decision.js";
import type { AwaitedTool } from "../tools.js";
import type { ArgumentsChecker, ResultChecker } from "../validation/result-validation.js";
import type { DispatchInput } from "./dispatch-input.js";

export interface AdmissionOptions {
  readonly checkArguments: ArgumentsChecker;
  readonly checkResult: ResultChecker;
  readonly maxValueDepth?: number;
  readonly approve?: ClientToolApprover;
  /** How long the `approve` hook may take, in ms. */
  readonly approvalTimeoutMs: number;
  /** Opens signed decisions the hook hands back (the broker's `signing`). */
  readonly decisions?: DecisionSigner;
  /** Resolves when the broker closes: an approval still awaited then ends the call as `closed`. */
  readonly closing: Promise<void>;
  readonly closed: () => boolean;
  readonly closedOutcome: ClientCallCancelled;
  readonly onError: (error: unknown, context: string) => void;
}

const APPROVAL_LATE = Symbol("approval late");

/** Whether a call may reach the client: the permission, the arguments and the schemas, then the `approve` hook. */
export interface Admission {
  /**
   * Why the call must not reach the client (permission, arguments, an outputSchema that cannot compile); undefined when
   * it may.
   */
  refusal(tool: AwaitedTool, input: DispatchInput): Promise<ClientCallOutcome | undefined>;
  /** Whether the broker asks an `approve` hook. */
  readonly asksApproval: boolean;
  /** `undefined` when the hook approved this very call (or there is no hook); otherwise how the dispatch ends. */
  approval(input: DispatchInput): Promise<ClientCallDenied | ClientCallCancelled | undefined>;
}

export function createAdmission(options: AdmissionOptions): Admission {
  const maxValueDepth = options.maxValueDepth ?? DEFAULT_MAX_VALUE_DEPTH;
  return {
    asksApproval: options.approve !== undefined,
    async refusal(tool, input) {
      const { spec } = tool;
      const forbidden = checkClientToolPermission(spec, input.principal);
      if (forbidden !== undefined) return { status: "denied", reason: forbidden.message };
      // The arguments are the model's output: the client is asked only with arguments that match.
      const unfit = unfitValue(input.args, maxValueDepth);
      const invalid =
        unfit !== undefined
          ? [unfit]
          : await options.checkArguments(
              spec,
              tool.fingerprints.parameters,
              input.args,
              input.conversationId,
              input.owner,
            );
      if (invalid !== undefined) return { status: "invalid_arguments", errors: invalid };
      // Compiled now, not when the client answers: a client's answer never waits for a compilation.
      const uncompilable = await options.checkResult.prepare(
        spec,
        tool.fingerprints.outputSchema,
        input.conversationId,
      );
      if (uncompilable !== undefined)
        return {
          status: "denied",
          reason:
            `The outputSchema of client tool ${JSON.stringify(input.toolName)} ` +
            `could not be compiled (${uncompilable}).`,
        };
      return undefined;
    },
    async approval(input) {
      const approve = options.approve;
      if (approve === undefined) return undefined;
      const call: ClientToolApprovalRequest = {
        conversationId: input.conversationId,
        owner: input.owner,
        ...(input.principal !== undefined && { principal: input.principal }),
        toolName: input.toolName,
        toolCallId: input.toolCallId,
        args: input.args,
        argsFingerprint: argsFingerprint(input.args),
      };
      let decision: unknown;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<typeof APPROVAL_LATE>(
        (resolve) => (timer = setTimeout(() => resolve(APPROVAL_LATE), options.approvalTimeoutMs)),
      );
      try {
        decision = await Promise.race([approve(call), options.closing, late]);
      } catch (error) {
        options.onError(
          error,
          `the approve hook threw for a call to ${JSON.stringify(input.toolName)}; the call is denied`,
        );
      } finally {
        clearTimeout(timer);
      }
      if (options.closed()) return options.closedOutcome;
      if (decision === APPROVAL_LATE)
        return {
          status: "denied",
          reason: `The call was not approved within ${options.approvalTimeoutMs / 1000} seconds.`,
        };
      const signed = signedDecisionOf(decision);
      if (signed !== undefined) return signedRefusal(options.decisions, signed, call);
      const reason = refusalReason(decision, call);
      return reason === undefined ? undefined : { status: "denied", reason };
    },
  };
}

/**
 * A signed decision: `undefined` when it approves this very call; a forged, altered, misdirected or late one denies it.
 */
async function signedRefusal(
  decisions: DecisionSigner | undefined,
  decision: SignedClientToolDecision,
  call: ClientToolApprovalRequest,
): Promise<ClientCallDenied | undefined> {
  const opened = decisions === undefined ? undefined : await decisions.open(decision.signed, call, Date.now());
  if (opened === undefined)
    return {
      status: "denied",
      reason:
        "The approval decision could not be verified: it was altered, made for another call, or is past its deadline.",
    };
  return opened.approved ? undefined : { status: "denied", reason: opened.reason, decidedBy: opened.decidedBy };
}
