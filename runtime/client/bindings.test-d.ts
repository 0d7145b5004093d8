import type { Tools } from "../wire/__fixtures__/table.js";
import { bindClientTools } from "./bindings.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T => true as T;

const bound = bindClientTools<Tools>({
  tools: { notify: "fire-and-forget", pick_date: "awaited", api_key: "private-input" },
  ownMcpArgKind: [],
});

// @ts-expect-error: every tool's mode is given.
bindClientTools<Tools>({ tools: { notify: "fire-and-forget", pick_date: "awaited" } });

declare const value: unknown;
if (bound.isFireAndForgetAction(value)) holds<Equal<typeof value, Tools["notify"]["action"]>>();
if (bound.isClientToolName(value)) holds<Equal<typeof value, "notify" | "pick_date" | "api_key">>();

declare const action: Tools["notify"]["action"];
holds<Equal<ReturnType<typeof bound.actionArgs<typeof action>>, Tools["notify"]["args"]>>();

const handlers = {
  notify: () => undefined,
  pick_date: async (args: { readonly title: string }) => ({ date: args.title }),
  api_key: () => ({ key: "k" }),
};
async function call() {
  const outcome = await bound.dispatchToolCall("pick_date", { title: "t" }, handlers);
  if (outcome.ok) holds<Equal<typeof outcome.result, { readonly date: string }>>();
  else
    holds<
      Equal<
        typeof outcome.reason,
        "unknown_tool" | "invalid_json" | "invalid_arguments" | "handler_error" | "private_input"
      >
    >();
}
void call;
