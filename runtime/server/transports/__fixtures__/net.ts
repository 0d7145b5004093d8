// Loopback plumbing for the transport tests: servers on 127.0.0.1 with an OS-chosen port,
// closed by the test; raw HTTP requests whose body the test controls byte by byte; bounded waits.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type RequestListener } from "node:http";
import type { ClientCallBroker } from "../../broker.js";

export interface Listening {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  readonly close: () => Promise<void>;
}

export async function listen(listener: RequestListener): Promise<Listening> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * Sends the head and `chunks` (no Content-Length unless given: chunked), and ends the
 * request only when `end` is true: a response that arrives while the body is still open
 * shows the server did not wait for it.
 */
export function rawRequest(
  url: string,
  options: { readonly method?: string; readonly headers?: Record<string, string>; readonly chunks?: readonly (string | Uint8Array)[]; readonly end?: boolean },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? "POST", headers: options.headers ?? {} }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        req.destroy();
      });
    });
    // Once the response is in, the server may close a body it refused to read.
    req.on("error", (error) => reject(error));
    for (const chunk of options.chunks ?? []) req.write(chunk);
    if (options.end ?? true) req.end();
    else req.flushHeaders();
  });
}

/** Counts the broker's active event listeners, so a test can see a transport unsubscribe. */
export function trackListeners(broker: ClientCallBroker): () => number {
  let active = 0;
  const on = broker.on.bind(broker);
  broker.on = ((event, listener) => {
    active++;
    const off = on(event, listener);
    let removed = false;
    return () => {
      if (!removed) active--;
      removed = true;
      off();
    };
  }) as ClientCallBroker["on"];
  return () => active;
}

/** Polls until `probe` returns something other than `undefined`; fails after `ms`. */
export async function waitFor<T>(probe: () => T | undefined, what: string, ms = 2000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
