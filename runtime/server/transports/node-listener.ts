import { reportError } from "../report-error.js";
import type { FetchHandler } from "./http-handler.js";

// Node's IncomingMessage and ServerResponse, as far as the adapter uses them: structural,
// so that this module imports nothing from Node and the runtime stays free of `node:`.

/** What the adapter reads of Node's `IncomingMessage`. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array> {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: { readonly [name: string]: string | readonly string[] | undefined };
  /** True once the whole request, body included, has arrived. */
  readonly complete: boolean;
}

/** What the adapter uses of Node's `ServerResponse`. */
export interface NodeResponseLike {
  readonly headersSent: boolean;
  writeHead(status: number, headers: { [name: string]: string | string[] }): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  destroy(): unknown;
  once(event: "close" | "drain", listener: () => void): unknown;
}

export interface NodeListenerOptions {
  /**
   * Where a handler's exception goes (the client gets a bare 500): whatever failed, before or after
   * the body was read (the store, a validator, a hook). Default: a warning on the process (`process.on("warning")`). A
   * client that dropped the connection before its response was written is no failure, and is not reported.
   */
  readonly onError?: (error: unknown) => void;
}

/**
 * Adapts a Fetch-API handler to `http.createServer(listener)`. The request body is streamed
 * to the handler as it is read (so a body limit holds without buffering it), the response
 * body streamed back with backpressure, and a response stream the client walks away from
 * (an SSE stream) is cancelled.
 */
export function toNodeListener(
  handler: FetchHandler,
  options: NodeListenerOptions = {},
): (req: NodeRequestLike, res: NodeResponseLike) => void {
  const onError = options.onError ?? ((error: unknown) => reportError(error, "a client tools request failed"));
  return (req, res) => {
    // The connection closed before the response was written: the client went away. (Node also marks
    // a request whose whole body was read as destroyed, so `req.destroyed` cannot tell.)
    const response = { ending: false, clientGone: false };
    res.once("close", () => {
      if (!response.ending) response.clientGone = true;
    });
    serve(handler, req, res, response).catch((error: unknown) => {
      if (response.clientGone || (error as { code?: unknown } | null)?.code === "ECONNRESET") return void res.destroy();
      onError(error);
      if (!res.headersSent) {
        // Bare: the error's text is for the server's log, not the client. The body may be unread.
        res.writeHead(500, { connection: "close" });
        res.end();
      } else {
        res.destroy();
      }
    });
  };
}

async function serve(
  handler: FetchHandler,
  req: NodeRequestLike,
  res: NodeResponseLike,
  state: { ending: boolean },
): Promise<void> {
  const response = await handler(toRequest(req));
  const headers: { [name: string]: string | string[] } = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // A body left unread (refused as too large, or not needed) must not be drained on a kept-alive connection.
  if (!req.complete) headers["connection"] = "close";
  res.writeHead(response.status, headers);
  if (response.body === null) {
    state.ending = true;
    res.end();
    return;
  }
  const reader = response.body.getReader();
  let gone = false;
  // Also fires once the response has ended normally; cancelling a finished stream is a no-op.
  const closed = new Promise<void>((resolve) =>
    res.once("close", () => {
      gone = true;
      // A stream that already failed has nothing left to cancel; its failure surfaces in `read`.
      reader.cancel().catch(() => {});
      resolve();
    }),
  );
  for (;;) {
    const { done, value } = await reader.read();
    if (done || gone) break;
    if (!res.write(value)) await Promise.race([new Promise<void>((resolve) => res.once("drain", resolve)), closed]);
  }
  state.ending = true;
  res.end();
}

function toRequest(req: NodeRequestLike): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.append(name, value);
    else if (value !== undefined) for (const item of value) headers.append(name, item);
  }
  const method = req.method ?? "GET";
  const host = typeof req.headers["host"] === "string" ? req.headers["host"] : "localhost";
  let url: URL;
  try {
    url = new URL(req.url ?? "/", `http://${host}`);
  } catch {
    // A Host header that is no host: the routes need only the path.
    url = new URL(req.url ?? "/", "http://localhost");
  }
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  return new Request(url, { method, headers, body: bodyStream(req), duplex: "half" } as RequestInit);
}

/**
 * The request body, pulled from Node only as the handler reads it. Cancelling does not
 * destroy the request: that would drop the socket before the refusal could be written.
 */
function bodyStream(req: NodeRequestLike): ReadableStream<Uint8Array> {
  const chunks = req[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
}
