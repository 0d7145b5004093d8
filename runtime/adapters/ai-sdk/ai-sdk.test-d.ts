// InferUITools sees the generated argument and result types through toAiSdkTools, so the
// chat's tool parts and addToolOutput type-check with no cast.
import type { ChatAddToolOutputFunction, InferUITools, ToolSet, UIMessage } from "ai";
import { expectTypeOf } from "vitest";
import type {
  ClientToolMap,
  ClientToolOutputByName,
  PickDateArgs,
  PickDateResult,
  ShareLinkArgs,
} from "../../../examples/validators/src/client-tools.gen/index.js";
import type { AiSdkClientTools } from "./index.js";

type Tools = AiSdkClientTools<ClientToolMap>;
type UITools = InferUITools<Tools>;

expectTypeOf<Tools>().toExtend<ToolSet>();
expectTypeOf<UITools["pick_date"]["input"]>().toEqualTypeOf<PickDateArgs>();
expectTypeOf<UITools["pick_date"]["output"]>().toEqualTypeOf<PickDateResult>();
expectTypeOf<UITools["share_link"]["input"]>().toEqualTypeOf<ShareLinkArgs>();
expectTypeOf<UITools["share_link"]["output"]>().toEqualTypeOf<ClientToolOutputByName["share_link"]>();

declare const addToolOutput: ChatAddToolOutputFunction<UIMessage<unknown, never, UITools>>;
declare const picked: ClientToolOutputByName["pick_date"];
void addToolOutput({ tool: "pick_date", toolCallId: "c1", output: picked });
void addToolOutput({ tool: "share_link", toolCallId: "c2", output: "Tool call dispatched to client." });
// @ts-expect-error pick_date's output is its result, not the acknowledgement
void addToolOutput({ tool: "pick_date", toolCallId: "c3", output: "Tool call dispatched to client." });
