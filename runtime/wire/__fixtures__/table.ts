// A tool table as the generator writes one: a fire-and-forget tool with an argument named `kind`,
// an awaited one, and a private input.
export interface Tools {
  readonly notify: {
    readonly kind: "ClientAction_notify";
    readonly mode: "fire-and-forget";
    readonly args: { readonly text: string; readonly kind?: "info" | "warn" };
    readonly result: void;
    readonly action: {
      readonly kind: "ClientAction_notify";
      readonly text: string;
      readonly mcp_arg_kind?: "info" | "warn";
    };
  };
  readonly pick_date: {
    readonly kind: "ClientAction_pick_date";
    readonly mode: "awaited";
    readonly args: { readonly title: string };
    readonly result: { readonly date: string };
    readonly action: { readonly kind: "ClientAction_pick_date"; readonly title: string };
  };
  readonly api_key: {
    readonly kind: "ClientAction_api_key";
    readonly mode: "private-input";
    readonly args: Record<string, never>;
    readonly result: { readonly status: "connected" };
    readonly action: { readonly kind: "ClientAction_api_key" };
    readonly privateInput: { readonly key: string };
  };
}
