// client-tool-handlers.ts
// Handlers for the client tools. This file is yours: gen-client-tools adds a stub here for each
// new tool and never changes what you wrote.
import type { ClientToolHandlers } from "./client-tools.gen/index.js";

/** What every handler receives besides its arguments: put your app's services here. */
export interface ClientToolContext {
  readonly signal?: AbortSignal;
  readonly ui: {
    showFile(path: string, line?: number): void;
    askCity(signal?: AbortSignal): Promise<string>;
  };
}

export const clientToolHandlers: ClientToolHandlers<ClientToolContext> = {
  /** Get the user's current city. */
  async get_location(_args, ctx) {
    return { city: await ctx.ui.askCity(ctx.signal) };
  },
  /** Open a file viewer panel in the user's browser showing the given file. */
  open_file_viewer(args, ctx) {
    ctx.ui.showFile(args.file_path, args.line);
  },
};
