import { describe, expect, it } from "vitest";
import { parseClientToolSpecs } from "../../tool-spec/parse.js";
import { approveClientToolCall } from "../approval.js";
import { type AwaitedTool, awaitedToolOf, toolFinder } from "../tools.js";
import { createArgumentsChecker, createResultChecker } from "../validation/result-validation.js";
import { type AdmissionOptions, createAdmission } from "./admission.js";

const specs = parseClientToolSpecs([
  {
    name: "confirm_purchase",
    description: "Ask the user to confirm a purchase.",
    parameters: { type: "object", properties: { item: { type: "string" } }, required: ["item"] },
    outputSchema: { type: "object", properties: { confirmed: { type: "boolean" } }, required: ["confirmed"] },
    permission: "purchases",
  },
]);
const tool: AwaitedTool = awaitedToolOf(toolFinder(specs)("confirm_purchase", "c1")!)!;
const input = {
  conversationId: "c1",
  owner: "alice",
  toolName: "confirm_purchase",
  toolCallId: "call_1",
  args: { item: "book" },
  principal: { id: "alice", permissions: ["purchases"] },
};
const CLOSED = { status: "cancelled", reason: "closed" } as const;

function admission(overrides: Partial<AdmissionOptions> = {}) {
  return createAdmission({
    checkArguments: createArgumentsChecker(undefined),
    checkResult: createResultChecker(undefined),
    approvalTimeoutMs: 1_000,
    closing: new Promise(() => {}),
    closed: () => false,
    closedOutcome: CLOSED,
    onError: () => {},
    ...overrides,
  });
}

describe("admission", () => {
  it("lets a call through with the permission and valid arguments, and says why it does not otherwise", async () => {
    const admit = admission();
    expect(await admit.refusal(tool, input)).toBeUndefined();
    expect(await admit.refusal(tool, { ...input, principal: { id: "alice", permissions: [] } })).toMatchObject({
      status: "denied",
    });
    expect(await admit.refusal(tool, { ...input, args: { item: 5 } })).toMatchObject({
      status: "invalid_arguments",
      errors: [expect.objectContaining({ pointer: "/item", message: "must be string" })],
    });
  });

  it("refuses arguments nested past the depth before any validator runs", async () => {
    let deep: object = {};
    for (let i = 0; i < 10; i++) deep = { item: deep };
    const refusal = await admission({ maxValueDepth: 5 }).refusal(tool, { ...input, args: deep });
    expect(refusal).toMatchObject({ status: "invalid_arguments" });
  });

  it("asks the approve hook: an approval lets the call through, a refusal, a throw or a hook past its time denies it", async () => {
    expect(admission().asksApproval).toBe(false);
    expect(await admission().approval(input)).toBeUndefined();
    const asked: unknown[] = [];
    expect(
      await admission({ approve: (call) => (asked.push(call), approveClientToolCall(call)) }).approval(input),
    ).toBeUndefined();
    expect(asked).toEqual([
      expect.objectContaining({
        toolName: "confirm_purchase",
        args: { item: "book" },
        argsFingerprint: expect.any(String),
      }),
    ]);
    expect(await admission({ approve: () => ({ approved: false, reason: "over budget" }) }).approval(input)).toEqual({
      status: "denied",
      reason: "over budget",
    });
    // An approval of other arguments approves nothing.
    expect(
      await admission({ approve: (call) => approveClientToolCall({ ...call, args: { item: "car" } }) }).approval(input),
    ).toEqual({ status: "denied", reason: "The approval given was for other arguments." });
    const errors: unknown[] = [];
    const throwing = admission({
      approve: () => {
        throw new Error("hook broke");
      },
      onError: (error) => errors.push(error),
    });
    expect(await throwing.approval(input)).toMatchObject({ status: "denied" });
    expect(errors).toEqual([new Error("hook broke")]);
    expect(await admission({ approvalTimeoutMs: 20, approve: () => new Promise(() => {}) }).approval(input)).toEqual({
      status: "denied",
      reason: "The call was not approved within 0.02 seconds.",
    });
  });

  it("ends a call whose approval is still awaited when the broker closes", async () => {
    let close!: () => void;
    let closed = false;
    const closing = new Promise<void>((resolve) => (close = resolve));
    const pending = admission({ approve: () => new Promise(() => {}), closing, closed: () => closed }).approval(input);
    closed = true;
    close();
    expect(await pending).toBe(CLOSED);
  });
});
