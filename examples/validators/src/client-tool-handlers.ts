// Handlers for the client tools. This file is yours: gen-client-tools adds a stub here for each
// new tool and never changes what you wrote.
import type { ClientToolRunContext } from "@gen-client-tools/runtime"; // in an app: "gen-client-tools/runtime/browser"
import type { ClientToolHandlers } from "./client-tools.gen/index.js";

/** The runner calls each handler with the request and a signal that fires when the server stops waiting. */
export type ClientToolContext = ClientToolRunContext;

export const clientToolHandlers: ClientToolHandlers<ClientToolContext> = {
  /** Ask the user to pick a date in a calendar; the answer is the date they picked. */
  pick_date(args, ctx) {
    ctx.signal.throwIfAborted();
    // Stands in for the app's calendar dialog.
    const date = window.prompt(args.title, args.earliest ?? "");
    if (date === null) throw new Error("The user closed the calendar without picking a date.");
    return { date };
  },
  /** Open the share sheet for a link. */
  share_link(args) {
    if ((args.channels ?? ["copy"]).includes("copy")) void navigator.clipboard.writeText(args.url);
    else void navigator.share({ url: args.url });
  },
};
