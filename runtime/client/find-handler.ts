/** A client tool's handler as the bindings and the runner call it. */
export type Handler = (args: unknown, context: unknown) => unknown;

/** A handler, own or inherited (class instances keep methods on their prototype), never one of Object.prototype's. */
export function findHandler(handlers: unknown, name: string): Handler | undefined {
  let holder = typeof handlers === "object" ? handlers : null;
  while (holder !== null && holder !== Object.prototype) {
    if (Object.hasOwn(holder, name)) {
      const handler: unknown = (holder as Record<string, unknown>)[name];
      return typeof handler === "function" ? (handler as Handler) : undefined;
    }
    holder = Object.getPrototypeOf(holder) as object | null;
  }
  return undefined;
}

/** What a handler's failure says to the server and the model: its message only, as a stack would leak the client's internals. */
export function handlerErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string") return error;
  return "The tool's handler failed.";
}
