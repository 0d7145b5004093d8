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

/**
 * A WebSocket opened by hand on a raw TCP socket (upgrade done, 101 read), so that a test can send
 * frames `ws` would never send and leave what the server sends unread (`socket.pause()`).
 */
export async function rawWebSocket(port: number, path: string, headers: Record<string, string>): Promise<import("node:net").Socket> {
  const { connect } = await import("node:net");
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  const head = Object.entries({ Host: `127.0.0.1:${port}`, Upgrade: "websocket", Connection: "Upgrade", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13", ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.write(`GET ${path} HTTP/1.1\r\n${head}\r\n`);
  await new Promise<void>((resolve, reject) => {
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (!received.includes("\r\n\r\n")) return;
      socket.off("data", onData);
      if (received.startsWith("HTTP/1.1 101")) resolve();
      else reject(new Error(`upgrade refused: ${received.split("\r\n")[0]}`));
    };
    socket.on("data", onData);
  });
  return socket;
}

/** The head of a masked text frame of `length` bytes (mask key zero: the payload goes as it is). */
export function clientFrameHead(length: number): Buffer {
  if (length < 126) return Buffer.from([0x81, 0x80 | length, 0, 0, 0, 0]);
  if (length < 65_536) return Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff, 0, 0, 0, 0]);
  const head = Buffer.alloc(14);
  head[0] = 0x81;
  head[1] = 0x80 | 127;
  head.writeBigUInt64BE(BigInt(length), 2);
  return head;
}

/** A whole masked text frame. */
export function clientTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  return Buffer.concat([clientFrameHead(payload.length), payload]);
}
