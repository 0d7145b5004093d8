// Handlers for the client tools. This file is yours: gen-client-tools adds a stub here for each
// new tool and never changes what you wrote.
import type { ClientToolHandlers } from "./client-tools.gen";
import type { PickColourResult } from "./client-tools.gen/types";

/** What the page lends the handlers: a colour question it shows, and toasts. */
export interface ClientToolContext {
  readonly signal: AbortSignal;
  readonly ui: {
    askColour(
      question: string,
      colours: readonly PickColourResult["colour"][],
      signal: AbortSignal,
    ): Promise<PickColourResult["colour"]>;
    toast(text: string): void;
  };
}

export const clientToolHandlers: ClientToolHandlers<ClientToolContext> = {
  /** Ask the user to pick a colour; the answer is the colour they picked. */
  async pick_colour(args, ctx) {
    return { colour: await ctx.ui.askColour(args.question, args.colours, ctx.signal) };
  },
  /** Show a short notice in the corner of the page. */
  show_toast(args, ctx) {
    ctx.ui.toast(args.text);
  },
};
