/** What `ws` hands a WebSocketServer's `verifyClient`: the upgrade's `Origin` header, among others. */
export interface WebSocketUpgradeInfo {
  readonly origin?: string | undefined;
}

/**
 * A `verifyClient` for `new WebSocketServer({ verifyClient: allowOrigins([...]) })`: the upgrade
 * is refused (403) unless its `Origin` is one of `origins` (`"https://app.example.com"`, as
 * the browser sends it). A browser opens a WebSocket to any site with that site's cookies, and
 * a page cannot forge its `Origin`: where `authenticate` reads cookies, this is what keeps
 * another site's page from answering for the user (cross-site WebSocket hijacking). An upgrade
 * without an `Origin` (no browser sent it) is refused too, unless `allowNoOrigin`.
 */
export function allowOrigins(
  origins: readonly string[],
  options: { readonly allowNoOrigin?: boolean } = {},
): (info: WebSocketUpgradeInfo, done: (allowed: boolean, status?: number, message?: string) => void) => void {
  const allowed = new Set(origins.map((origin) => origin.toLowerCase().replace(/\/+$/, "")));
  // Two parameters: ws then takes the answer through `done`, which can say 403 (its own default is 401).
  return ({ origin }, done) => {
    const ok =
      origin === undefined || origin === "" ? options.allowNoOrigin === true : allowed.has(origin.toLowerCase());
    done(ok, ok ? undefined : 403, ok ? undefined : "This origin may not open client tool sockets.");
  };
}
