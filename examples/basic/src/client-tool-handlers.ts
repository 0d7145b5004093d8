// Handlers for the client tools. This file is yours: gen-client-tools adds a stub here for each
// new tool and never changes what you wrote.
import type { ClientToolHandlers } from "./client-tools.gen/index.js";

/** What every handler receives besides its arguments: put your app's services here. */
export interface ClientToolContext {
  readonly signal?: AbortSignal;
  readonly ui: {
    openPanel(title: string, body: string): void;
    confirm(question: string): Promise<boolean>;
    prompt(question: string): Promise<string | undefined>;
    /** A password field: what the user types goes to the server alone. */
    promptSecret(label: string): Promise<string | undefined>;
    setTheme(theme: string, hue?: number): void;
  };
}

export const clientToolHandlers: ClientToolHandlers<ClientToolContext> = {
  /** Ask the user to confirm an action before the agent takes it. */
  async confirm_action(args, ctx) {
    return { confirmed: await ctx.ui.confirm(args.question) };
  },
  /** Get the user's current city. Only the client can answer this. */
  get_location() {
    return { city: "Lyon", country: "FR" };
  },
  /** Open a file viewer panel in the user's browser showing the given file. */
  open_file_viewer(args, ctx) {
    ctx.ui.openPanel(args.file_path, args.line === undefined ? "" : `line ${args.line}`);
  },
  /** Switch the app's color theme. */
  "set-theme"(args, ctx) {
    ctx.ui.setTheme(args.theme, args.accent?.hue);
  },
  /** Show a document outline as a collapsible tree. */
  show_outline(args, ctx) {
    ctx.ui.openPanel(args.root.title, (args.root.children ?? []).map((child) => child.title).join("\n"));
  },
  /** Ask the user a free-form question; their answer goes back to the model as text. */
  async ask_user(args, ctx) {
    const answer = await ctx.ui.prompt(args.question);
    return answer === undefined
      ? { content: [{ type: "text", text: "The user closed the question without answering." }], isError: true }
      : { content: [{ type: "text", text: answer }] };
  },
  /** Connect the requested service with credentials the user enters. */
  async connect_account(args, ctx) {
    const token = await ctx.ui.promptSecret(`Access token for ${args.service}`);
    // Throwing reports the prompt dismissed; the runner sends nothing of what was typed.
    if (token === undefined) throw new Error("dismissed");
    return { token };
  },
};
