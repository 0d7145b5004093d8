/** The handlers objects a client tool runner was made with: their awaited tools are the runner's to run. */
const servedByRunners = new WeakSet<object>();

export function markServedByRunner(handlers: object): void {
  servedByRunners.add(handlers);
}

/** Whether a runner runs the awaited calls of these handlers (so `dispatchClientAction` must not run them again). */
export function servedByRunner(handlers: unknown): boolean {
  return typeof handlers === "object" && handlers !== null && servedByRunners.has(handlers);
}
