import type { Tools } from "../wire/__fixtures__/table.js";
import type { ArgPointerOf, ClientToolCallStateOf, PartialArgsOf } from "./call-state.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(): T => true as T;

// Arguments as they stream in: every part optional, a literal kept exact.
holds<
  Equal<
    PartialArgsOf<{ readonly title: string; readonly kind: "a" | "b" }>,
    { readonly title?: string; readonly kind?: "a" | "b" }
  >
>();
const pointer: ArgPointerOf<{ readonly series: readonly { readonly label: string }[] }> = "/series/0/label";
void pointer;
// @ts-expect-error: a pointer to no argument.
const nowhere: ArgPointerOf<{ readonly title: string }> = "/subtitle";
void nowhere;

declare const state: ClientToolCallStateOf<Tools>;
if (state.toolName === "pick_date" && state.status === "output-available") {
  holds<Equal<typeof state.result, { readonly date: string }>>();
}
if (state.status === "input-streaming") {
  const final: boolean = state.isFinal("");
  void final;
  // @ts-expect-error: a call still streaming has no result.
  void state.result;
}
if (state.status === "input-available" && state.toolName === "pick_date") {
  const title: string = state.args.title;
  void title;
}
