import { DEFAULT_MAX_ANSWER_BYTES } from "../../wire/answer.js";
import { allowOrigins, type WebSocketUpgradeInfo } from "./ws-origins.js";

export interface ClientToolsWebSocketServerOptions {
  /** The origins of your app's pages (`"https://app.example.com"`): an upgrade from any other gets 403. */
  readonly origins: readonly string[];
  /** Lets an upgrade without an `Origin` (no browser sent it) through. Default false. */
  readonly allowNoOrigin?: boolean;
  /** The largest frame `ws` reads: give `attachClientTools` the same `maxMessageBytes`. Default 1 MiB. */
  readonly maxMessageBytes?: number;
}

/**
 * The options of a `ws` `WebSocketServer` that serves client tools: `new WebSocketServer({ server,
 * ...clientToolsWebSocketServerOptions({ origins }) })`. `maxPayload` is the answer limit, so that
 * `ws` closes the socket of a larger frame (1009) before reading it, where its own default would
 * read 100 MiB first; `verifyClient` is `allowOrigins(origins)`; `allowSynchronousEvents` is false, so that a
 * socket's messages are taken one a turn of the event loop, and a client that sends thousands of small frames at once
 * cannot hold the process while it has them all handled (other connections' requests are served in between).
 */
export function clientToolsWebSocketServerOptions(options: ClientToolsWebSocketServerOptions): {
  readonly maxPayload: number;
  readonly allowSynchronousEvents: false;
  readonly verifyClient: (
    info: WebSocketUpgradeInfo,
    done: (allowed: boolean, status?: number, message?: string) => void,
  ) => void;
} {
  return {
    maxPayload: options.maxMessageBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    allowSynchronousEvents: false,
    verifyClient: allowOrigins(
      options.origins,
      options.allowNoOrigin === undefined ? {} : { allowNoOrigin: options.allowNoOrigin },
    ),
  };
}
