// Type tests, checked by `tsc -p tsconfig.json`: the runner accepts handlers shaped like the
// generated `ClientToolHandlers<Ctx>` interface, with `ClientToolRunContext` as the context.
import { type ClientToolRunContext, createClientToolRunner } from "./runner.js";

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
const foreign: ClientToolHandlers<{ readonly userId: string }> = {
  get_location: () => ({ city: "Lyon" }),
  open_file_viewer: () => {},
};
// @ts-expect-error the runner passes a ClientToolRunContext, not { userId }
createClientToolRunner({ handlers: foreign, send: () => {} });

// A member that is not a function is not a handler.
// @ts-expect-error `version` is not a handler
createClientToolRunner({ handlers: { version: 3 }, send: () => {} });

// The app's services as `context`: handlers get them with signal and request beside them, so
// the handlers object typed for dispatchClientAction (signal optional) serves the runner too.
interface AppContext {
  readonly signal?: AbortSignal;
  readonly ui: { say(text: string): void };
}
const shared: ClientToolHandlers<AppContext> = {
  get_location: (_args, ctx) => {
    ctx.ui.say("locating");
    ctx.signal?.throwIfAborted();
    return { city: "Lyon" };
  },
  open_file_viewer: (args, ctx) => ctx.ui.say(args.file_path),
};
createClientToolRunner({ handlers: shared, context: { ui: { say: () => {} } }, send: () => {} });
// @ts-expect-error the handlers need `ui`, and no context gives it
createClientToolRunner({ handlers: shared, send: () => {} });
// @ts-expect-error a context without `ui`
createClientToolRunner({ handlers: shared, context: { other: 1 }, send: () => {} });
const withRequest: ClientToolHandlers<ClientToolRunContext<{ readonly ui: { say(text: string): void } }>> = {
  get_location: (_args, ctx) => ({ city: ctx.request.toolCallId }),
  open_file_viewer: (_args, ctx) => ctx.ui.say(ctx.request.requestId),
};
createClientToolRunner({ handlers: withRequest, context: { ui: { say: () => {} } }, send: () => {} });
