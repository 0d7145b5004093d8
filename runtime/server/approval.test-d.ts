import { expectTypeOf, test } from "vitest";
import { approveClientToolCall, type ClientToolApproval, type ClientToolApprover } from "./approval.js";
import { type SignedClientToolDecision, signedDecisionOf } from "./signing/signed-decision.js";

test("an approval is only ever approveClientToolCall's: no object literal is one", () => {
  // @ts-expect-error an object literal is no ClientToolApproval
  const literal: ClientToolApproval = { approved: true, toolName: "t", toolCallId: "c", argsFingerprint: "f" };
  // @ts-expect-error nor may a hook return one
  const hook: ClientToolApprover = (call) => ({
    approved: true,
    toolName: call.toolName,
    toolCallId: call.toolCallId,
    argsFingerprint: call.argsFingerprint,
  });
  const made: ClientToolApprover = (call) => approveClientToolCall(call);
  const refused: ClientToolApprover = () => ({ approved: false, reason: "No." });
  const fromClient: ClientToolApprover = () =>
    signedDecisionOf(JSON.parse("{}")) ?? { approved: false, reason: "Not signed." };
  expectTypeOf(signedDecisionOf).returns.toEqualTypeOf<SignedClientToolDecision | undefined>();
  void [literal, hook, made, refused, fromClient];
});
