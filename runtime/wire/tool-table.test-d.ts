import type { Tools } from "./__fixtures__/table.js";
import type { ClientToolAcknowledgement } from "./observation.js";
import type {
  ArgsByKindOf,
  AwaitedToolNameOf,
  ClientActionOf,
  ClientToolHandlersOf,
  FireAndForgetActionOf,
  OutputByNameOf,
  ResultByNameOf,
  ToolNameOf,
} from "./tool-table.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T => true as T;

holds<Equal<ToolNameOf<Tools>, "notify" | "pick_date" | "api_key">>();
holds<Equal<AwaitedToolNameOf<Tools>, "pick_date" | "api_key">>();
holds<
  Equal<ClientActionOf<Tools>["kind"], "ClientAction_notify" | "ClientAction_pick_date" | "ClientAction_api_key">
>();
holds<Equal<FireAndForgetActionOf<Tools>, Tools["notify"]["action"]>>();
holds<Equal<ArgsByKindOf<Tools>["ClientAction_pick_date"], { readonly title: string }>>();
holds<Equal<ResultByNameOf<Tools>["pick_date"], { readonly date: string }>>();
// A fire-and-forget tool's output for the model is the acknowledgement, an awaited one's its result.
holds<Equal<OutputByNameOf<Tools>["notify"], ClientToolAcknowledgement>>();
holds<Equal<OutputByNameOf<Tools>["pick_date"], { readonly date: string }>>();

// A handler per tool, each typed by its own row: a private input's handler returns the value collected.
const handlers: ClientToolHandlersOf<Tools, { readonly page: string }> = {
  notify: (args, ctx) => void `${args.text} ${ctx.page}`,
  pick_date: async (args) => ({ date: args.title }),
  api_key: () => ({ key: "k" }),
};
void handlers;

// @ts-expect-error: a missing tool is a compile error.
const missing: ClientToolHandlersOf<Tools> = { notify: () => undefined, pick_date: async () => ({ date: "d" }) };
void missing;

const wrongResult: ClientToolHandlersOf<Tools> = {
  notify: () => undefined,
  // @ts-expect-error: an awaited tool's handler returns its result's type.
  pick_date: async () => ({ day: 1 }),
  api_key: () => ({ key: "k" }),
};
void wrongResult;
