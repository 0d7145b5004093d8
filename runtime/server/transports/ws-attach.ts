import { MAX_ID_CHARS } from "../../util/quoted.js";
import { type ClientToolAnswer, DEFAULT_MAX_ANSWER_BYTES } from "../../wire/answer.js";
import type { ClientToolContract } from "../../wire/client-tool-contract.js";
import { ClientAnswerMalformedError, ClientAnswerTooLargeError, ClientCallError } from "../../wire/errors.js";
import { concatBytes, decodeUtf8 } from "../../wire/wire-json.js";
import {
  type ClientToolRejectedMessage,
  type ClientToolServerMessage,
  type DecodedClientToolAnswer,
  decodeClientToolAnswer,
  encodeClientToolMessage,
  refusedIdsOf,
} from "../../wire/ws-codec.js";
import type { ClientCallBroker } from "../broker.js";
import { reportError } from "../report-error.js";
import type { PendingCallFilter } from "../stores/store.js";
import { deliverAnswer } from "./deliver.js";
import { followOwnerCalls } from "./owner-feed.js";
import { pageContractOf } from "./page-contract.js";

/** A frame's payload as the `ws` package hands it over (`Buffer`, `ArrayBuffer` or fragments). */
export type WebSocketData = Uint8Array | ArrayBuffer | readonly Uint8Array[];

/**
 * The part of a `ws` WebSocket that `attachClientTools` uses; structural, so the runtime
 * never imports `ws` (a devDependency here, the server's own dependency there).
 */
export interface ClientToolSocket {
  readonly readyState: number;
  /** Bytes sent and not yet written to the network: what a client that does not read leaves in the server's memory. */
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  /**
   * Stops reading from the network (`ws` has it); a socket closed for the client's fault reads no more of what it
   * sends.
   */
  pause?(): void;
  on(event: "message", listener: (data: WebSocketData, isBinary: boolean) => void): unknown;
  on(event: "close", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  off(event: "message", listener: (data: WebSocketData, isBinary: boolean) => void): unknown;
  off(event: "close", listener: () => void): unknown;
}

export interface AttachClientToolsOptions {
  /** Only this conversation's calls go to this socket. */
  readonly conversationId?: string;
  /**
   * The upgrade request's URL (`request.url`), where the page sends its contract (`?tools=`, the
   * generated `clientToolContract`): a call the page cannot run is not sent, the page gets a
   * `client_tool.mismatch` message, and the call ends as `client_out_of_date`. A malformed
   * contract gets a `client_tool.rejected` (400) and the socket is closed (1008).
   */
  readonly url?: string;
  /**
   * The largest answer frame accepted (a larger one is refused with 413); default 1 MiB. Give the
   * `WebSocketServer` the same as `maxPayload` (`clientToolsWebSocketServerOptions` does), so that
   * `ws` refuses a larger frame before it is read rather than after.
   */
  readonly maxMessageBytes?: number;
  /**
   * How many bytes sent to the client may wait unwritten (`bufferedAmount`): past it, the client is
   * not reading, and the socket is closed with 1008; its calls stay open, recovered by their
   * tools' policy as at any disconnection. Default 8 MiB.
   */
  readonly maxBufferedBytes?: number;
  /**
   * Where failures go that the client cannot be told about in detail (a store failure). Default: a warning on the
   * process (`process.on("warning")`).
   */
  readonly onError?: (error: unknown, context: string) => void;
}

const OPEN = 1;

/** How many bytes may wait unwritten on one socket, by default. */
export const DEFAULT_MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** A close code for a client that breaks the server's policy (RFC 6455): here, one that does not read. */
const POLICY_VIOLATION = 1008;

/**
 * Serves one authenticated client over a `ws` WebSocket: sends it the owner's open calls and
 * every new request (`client_tool.requested`) and cancellation (`client_tool.cancelled`), and
 * hands its `client_tool.result` / `client_tool.error` messages to the broker, and its
 * `tool.result` / `tool.error` ones (addressed by toolCallId, the `handler: "client"` wire). A refused or
 * malformed message gets a `client_tool.rejected` back; the socket and every other call stay
 * open. Detaches itself when the socket closes; returns the detach function.
 *
 * A frame that breaks the protocol (invalid UTF-8, unmasked, reserved bits set) makes `ws`
 * close that socket with the matching close code and then emit `error`: that error is the
 * client's, so it is taken here and never reaches the process as an uncaught exception.
 */
export function attachClientTools(
  socket: ClientToolSocket,
  broker: ClientCallBroker,
  owner: string,
  options: AttachClientToolsOptions = {},
): () => void {
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const onError = options.onError ?? reportError;
  const filter: PendingCallFilter =
    options.conversationId === undefined ? { owner } : { owner, conversationId: options.conversationId };

  const maxBuffered = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  // A socket's protocol error (a frame over maxPayload, invalid UTF-8) is the client's fault, which
  // `ws` answers by closing the socket, and it then reads on, to throw away what the client still
  // sends until the closing handshake ends (up to 30 s): a 90 MiB frame would pass through the
  // heap all the same. Paused once `ws` has resumed it (the next turn), it reads nothing more.
  const stopReading = (): void => void setTimeout(() => socket.pause?.(), 0);
  const send = (message: ClientToolServerMessage) => {
    // A socket closing meanwhile misses the message; its calls stay open for the next connection.
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > maxBuffered) {
      socket.close(POLICY_VIOLATION, "The client does not read its messages.");
      return stopReading();
    }
    socket.send(encodeClientToolMessage(message));
  };
  const reject = (
    error: ClientCallError,
    ids: { readonly requestId?: string | undefined; readonly toolCallId?: string | undefined },
  ) => {
    // An id longer than any the server makes is not quoted back: the reply stays small whatever was sent.
    const quotable = (id: string | undefined): id is string => id !== undefined && id.length <= MAX_ID_CHARS;
    const rejected: ClientToolRejectedMessage = {
      type: "client_tool.rejected",
      ...(quotable(ids.requestId) && { requestId: ids.requestId }),
      ...(quotable(ids.toolCallId) && { toolCallId: ids.toolCallId }),
      status: error.status,
      ...error.toJSON(),
    };
    send(rejected);
  };
  /** The answer to hand to the broker: by toolCallId, the request of that call among the owner's own. */
  const toAnswer = async (decoded: DecodedClientToolAnswer): Promise<ClientToolAnswer> => {
    if (decoded.by === "requestId") return decoded.answer;
    const conversationId = decoded.conversationId ?? options.conversationId;
    if (conversationId === undefined) {
      throw new ClientAnswerMalformedError(
        "A tool answer on a socket that serves several conversations needs `conversationId`.",
      );
    }
    if (options.conversationId !== undefined && conversationId !== options.conversationId) {
      throw new ClientAnswerMalformedError(
        `This socket serves conversation ${JSON.stringify(options.conversationId)} only.`,
      );
    }
    return decoded.answer(await broker.requestIdOf({ conversationId, toolCallId: decoded.toolCallId, owner }));
  };

  /** The calls this socket is answering or answered, whose end it need not be told of. */
  const answeredHere = new Set<string>();
  const onMessage = (data: WebSocketData, isBinary: boolean) => {
    // Closed for not reading: what it still sends is not taken.
    if (socket.readyState !== OPEN) return;
    const bytes = toBytes(data);
    if (bytes.byteLength > maxBytes) return reject(new ClientAnswerTooLargeError(maxBytes), {});
    if (isBinary) return reject(new ClientAnswerMalformedError("Send client tool messages as text frames."), {});
    let text: string | undefined;
    let decoded: DecodedClientToolAnswer;
    try {
      text = decodeUtf8(bytes);
      decoded = decodeClientToolAnswer(text);
    } catch (error) {
      if (error instanceof ClientCallError) return reject(error, text === undefined ? {} : refusedIdsOf(text));
      throw error;
    }
    const ids =
      decoded.by === "requestId" ? { requestId: decoded.answer.requestId } : { toolCallId: decoded.toolCallId };
    // Counted while it is taken (looked up, checked in another thread, stored): answers sent together wait together.
    const taking = broker.answerInFlight(owner);
    try {
      taking.add(bytes.byteLength);
    } catch (error) {
      if (error instanceof ClientCallError) return reject(error, ids);
      throw error;
    }
    let answering: string | undefined;
    toAnswer(decoded)
      .then((answer) => {
        answering = answer.requestId;
        answeredHere.add(answering);
        if (answeredHere.size > MAX_ANSWERED_HERE) answeredHere.delete(answeredHere.values().next().value!);
        return deliverAnswer(broker, owner, answer);
      })
      .catch((error: unknown) => {
        if (answering !== undefined) answeredHere.delete(answering);
        if (error instanceof ClientCallError) return reject(error, ids);
        onError(error, "a client tool answer could not be delivered");
        send({
          type: "client_tool.rejected",
          ...ids,
          status: 500,
          detail: "The server could not take the answer; send it again.",
        });
      })
      .finally(taking.done);
  };

  // Stays after detach: `ws` may still report the broken frame's error once the socket closed.
  socket.on("error", stopReading);
  let contract: ClientToolContract | undefined;
  try {
    contract = options.url === undefined ? undefined : pageContractOf(options.url);
  } catch (error) {
    if (!(error instanceof ClientCallError)) throw error;
    reject(error, {});
    socket.close(POLICY_VIOLATION, "Malformed client tool contract.");
    return () => {};
  }
  const feed = followOwnerCalls(
    broker,
    filter,
    {
      requested: (request) => send({ type: "client_tool.requested", request }),
      // The end of a call this socket answered is news only to the user's other pages.
      cancelled: (message) => void (answeredHere.delete(message.requestId) || send(message)),
      mismatch: send,
    },
    contract,
  );
  feed.replayed.catch((error: unknown) =>
    onError(error, "the open client tool calls could not be listed for a new socket"),
  );

  const detach = () => {
    feed.stop();
    socket.off("message", onMessage);
    socket.off("close", detach);
  };
  socket.on("message", onMessage);
  socket.on("close", detach);
  return detach;
}

/** How many answered calls a socket remembers (the oldest forgotten first) until their end is heard. */
const MAX_ANSWERED_HERE = 1024;

function toBytes(data: WebSocketData): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (data instanceof Uint8Array) return data;
  return concatBytes(data);
}
