/** Resolves once `check` holds, polling: a store's notices may arrive after the call that made them. */
export async function eventually(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("not within the time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
