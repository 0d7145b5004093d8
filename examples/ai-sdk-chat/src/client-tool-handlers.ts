// Handlers for the client tools. This file is yours: gen-client-tools adds a stub here for each
// new tool and never changes what you wrote.
import type { ClientToolHandlers } from "./client-tools.gen/index.js";
import type { PickColourResult, ShowChartArgs } from "./client-tools.gen/types.js";

/** What the page lends the handlers: a colour question it shows, toasts, and the charts it keeps. */
export interface ClientToolContext {
  readonly signal: AbortSignal;
  readonly ui: {
    askColour(
      question: string,
      colours: readonly PickColourResult["colour"][],
      signal: AbortSignal,
    ): Promise<PickColourResult["colour"]>;
    toast(text: string): void;
    keepChart(chart: ShowChartArgs): void;
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
  /** Draw a small bar or line chart of labelled values in the conversation. */
  show_chart(args, ctx) {
    // The card is drawn from the call's states as its arguments stream in; the handler gets them once, complete and
    // checked.
    ctx.ui.keepChart(args);
  },
};
