// Type tests, checked by `tsc -p tsconfig.json`: the runner accepts handlers shaped like the
// generated `ClientToolHandlers<Ctx>` interface, with `ClientToolRunContext` as the context.
import { createClientToolRunner, type ClientToolRunContext } from "./runner.js";

/** What the generator emits for one awaited and one fire-and-forget tool (an interface, not a type alias). */
interface ClientToolHandlers<Ctx> {
  get_location(args: { readonly precise?: boolean }, ctx: Ctx): { city: string } | Promise<{ city: string }>;
  open_file_viewer(args: { readonly file_path: string }, ctx: Ctx): void;
}

const handlers: ClientToolHandlers<ClientToolRunContext> = {
  get_location: async (_args, ctx) => {
    ctx.signal.throwIfAborted();
    return { city: ctx.request.conversationId };
  },
  open_file_viewer: () => {},
};
createClientToolRunner({ handlers, send: () => {} });

// A handler that expects some other context does not fit the runner.
const foreign: ClientToolHandlers<{ readonly userId: string }> = { get_location: () => ({ city: "Lyon" }), open_file_viewer: () => {} };
// @ts-expect-error the runner passes a ClientToolRunContext, not { userId }
createClientToolRunner({ handlers: foreign, send: () => {} });

// A member that is not a function is not a handler.
// @ts-expect-error `version` is not a handler
createClientToolRunner({ handlers: { version: 3 }, send: () => {} });
