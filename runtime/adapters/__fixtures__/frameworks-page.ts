// The page the framework adapters' tests answer from: the handlers of the frameworks example's tools,
// and what the fire-and-forget one was shown.
import { runClientToolCalls } from "../../client/deferred-calls.js";
import { dispatchToolCall, type ClientToolHandlers } from "../../../examples/frameworks/src/client-tools.gen/index.js";
import type { ClientToolCall } from "../../wire/deferred-calls.js";
import type { DeferredClientToolAnswer } from "../deferred-call.js";

export const shown: unknown[] = [];

export const handlers: ClientToolHandlers = {
  show_toast: (args) => void shown.push(args),
  open_file_viewer: (args) => ({ opened: args.file_path.endsWith(".md") }),
  get_location: () => ({ city: "Lisbon" }),
};

/** Runs the calls a server sent, and answers the awaited ones. */
export const page = (calls: readonly ClientToolCall[]): Promise<DeferredClientToolAnswer[]> => runClientToolCalls(calls, (name, args) => dispatchToolCall(name, args, handlers));
