// @gen-client-tools/runtime/copilotkit: the client tools as CopilotKit v2's frontend and human-in-the-loop
// tools, with the generated Standard Schema objects. Types only from @copilotkit/react-core, a peer
// dependency of this entry.

export type { ToolCallContext, ToolCallDispatch, ToolCallFailureReason, ToolCallOutcome } from "../dispatch.js";
export { answerCopilotKitApproval, type CopilotKitApprovalCall } from "./approval.js";
export {
  type ClientToolSchemaTable,
  type CopilotKitFrontendTools,
  type CopilotKitHumanInTheLoopTools,
  toCopilotKitFrontendTools,
  toCopilotKitHumanInTheLoopTools,
} from "./tools.js";
