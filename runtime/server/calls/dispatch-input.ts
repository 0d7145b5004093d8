import type { ClientToolPrincipal } from "../../tool-spec/permission.js";

/** One model tool call for the broker: whose, which, with what arguments, and for whom. */
export interface DispatchInput {
  readonly conversationId: string;
  /** Who may answer: the identity a transport authenticates the client as. */
  readonly owner: string;
  readonly toolName: string;
  readonly toolCallId: string;
  /** The model's arguments. `object`, so that generated argument interfaces fit as they are. */
  readonly args: object;
  /**
   * Who the call runs for. When given, a tool whose `permission` the principal does not hold
   * (or that has none) ends as `denied` before anything else happens; when absent, nothing is
   * checked. Pass the same principal that the tools were exported under.
   */
  readonly principal?: ClientToolPrincipal;
}
