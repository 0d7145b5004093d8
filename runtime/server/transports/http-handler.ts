import {
  answerFromBody,
  type ClientToolAnswer,
  DEFAULT_MAX_ANSWER_BYTES,
  toolCallAnswerFromBody,
} from "../../wire/answer.js";
import { ClientAnswersBusyError, ClientCallError, ClientCallStoreUnavailableError } from "../../wire/errors.js";
import type { ClientCallBroker } from "../broker.js";
import type { PendingCallFilter } from "../stores/store.js";
import { deliverAnswer } from "./deliver.js";
import { readJsonBody } from "./http-body.js";
import { pageContractOf } from "./page-contract.js";
import { clientToolEventStream, SSE_HEADERS } from "./sse-stream.js";

/** A Fetch-API handler, as Hono, Next.js route handlers, Bun and Deno take it (Node: `toNodeListener`). */
export type FetchHandler = (request: Request) => Promise<Response>;

export interface ClientToolsHandlerOptions {
  /**
   * The caller's owner id (the `owner` its calls were dispatched for), or `undefined` (or
   * `""`) when the request carries no identity: 401. A throw becomes the framework's 500.
   */
  readonly authenticate: (request: Request) => string | undefined | Promise<string | undefined>;
  /** Where the routes live; default `/client-tools`. */
  readonly basePath?: string;
  /** The largest answer body accepted; default 1 MiB. */
  readonly maxBodyBytes?: number;
}

export const DEFAULT_CLIENT_TOOLS_BASE_PATH = "/client-tools";

type Route =
  | { readonly kind: "list" }
  | { readonly kind: "events" }
  | { readonly kind: "answer"; readonly requestId: string }
  | { readonly kind: "tool-call-answer"; readonly conversationId: string }
  | { readonly kind: "health" };

/**
 * The HTTP transport of awaited client tool calls, every route behind `authenticate`:
 *
 * - `GET {basePath}` (`?conversationId=` optional): 200 `{ requests }`, the caller's open requests.
 * - `GET {basePath}/events` (same filter): the caller's requests as Server-Sent Events; with the
 *   page's contract (`&tools=`, the generated `clientToolContract`), a `client_tool.mismatch` event
 *   instead of each call it cannot run, and that call ends as `client_out_of_date` (400 for a
 *   malformed contract).
 * - `POST {basePath}/{requestId}` with `{ result }` or `{ error, retryable }` and an optional
 *   `attempt`: 200 accepted, 400 malformed, 404 unknown or not the caller's, 409 already
 *   ended or stale attempt, 413 over `maxBodyBytes`, 422 invalid result (`errors` listed).
 * - `POST {basePath}/conversations/{conversationId}/tool-calls` with `{ type: "tool.result", id,
 *   attempt?, result }` or `{ type: "tool.error", id, error, retryable, attempt? }`: the answer
 *   addressed by toolCallId (`id`), as engines declaring client tools with `handler: "client"`
 *   send it; the same statuses, the call found among the caller's own.
 *
 * - `GET {basePath}/health`, the one route without `authenticate`, for an orchestrator's readiness
 *   probe: 200 `{ status: "ready" }` when the store answers within 2 s, else 503 `{ status:
 *   "unavailable" }` with `Retry-After`. Nothing else is said (`broker.health()` has the rest).
 *
 * Also 401 without identity, 404 for other paths, 405 for another method, and 415 for an
 * answer whose `Content-Type` is not `application/json`: a cross-site form can only send the
 * "simple" types (`text/plain`, form encodings), so it can never answer for a user whose
 * browser sends the cookie `authenticate` reads. Every answer goes through `broker.submit` /
 * `broker.fail`, which own the rules.
 */
export function createClientToolsHandler(broker: ClientCallBroker, options: ClientToolsHandlerOptions): FetchHandler {
  const base = (options.basePath ?? DEFAULT_CLIENT_TOOLS_BASE_PATH).replace(/\/+$/, "");
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_ANSWER_BYTES;

  return async (request) => {
    const url = new URL(request.url);
    const route = matchRoute(url.pathname, base);
    if (route === undefined) return json(404, { detail: "Not found." });
    const posted = route.kind === "answer" || route.kind === "tool-call-answer";
    const allowed = posted ? "POST" : "GET";
    if (request.method !== allowed) return json(405, { detail: `Use ${allowed} here.` }, { allow: allowed });
    if (route.kind === "health") {
      const { status } = await broker.health();
      return status === "ready" ? json(200, { status }) : json(503, { status }, { "retry-after": "1" });
    }
    if (posted && !isJson(request.headers.get("content-type"))) {
      return json(
        415,
        { detail: "Send the answer as JSON, with Content-Type: application/json." },
        { accept: "application/json" },
      );
    }
    const owner = await options.authenticate(request);
    if (owner === undefined || owner === "") return json(401, { detail: "Authentication required." });
    const conversationId = url.searchParams.get("conversationId");
    const filter: PendingCallFilter = conversationId === null ? { owner } : { owner, conversationId };

    try {
      switch (route.kind) {
        case "list":
          return json(200, { requests: await broker.pending(filter) });
        case "events":
          return new Response(await clientToolEventStream(broker, filter, pageContractOf(url)), {
            status: 200,
            headers: SSE_HEADERS,
          });
        case "answer":
        case "tool-call-answer": {
          const taking = broker.answerInFlight(owner);
          try {
            const body = await readJsonBody(request, maxBodyBytes, taking.add);
            const answer =
              route.kind === "answer"
                ? answerFromBody(body, route.requestId)
                : await answerByToolCall(broker, owner, route.conversationId, body);
            await deliverAnswer(broker, owner, answer);
            return json(200, { status: "accepted" });
          } finally {
            taking.done();
          }
        }
      }
    } catch (error) {
      if (error instanceof ClientCallStoreUnavailableError || error instanceof ClientAnswersBusyError)
        return json(error.status, error.toJSON(), { "retry-after": String(error.retryAfterSeconds) });
      if (error instanceof ClientCallError) return json(error.status, error.toJSON());
      throw error;
    }
  };
}

/** An answer addressed by toolCallId, as the answer to its call's request (found among the caller's own calls). */
async function answerByToolCall(
  broker: ClientCallBroker,
  owner: string,
  conversationId: string,
  body: unknown,
): Promise<ClientToolAnswer> {
  const { toolCallId, answer } = toolCallAnswerFromBody(body);
  return answer(await broker.requestIdOf({ conversationId, toolCallId, owner }));
}

function matchRoute(pathname: string, base: string): Route | undefined {
  if (pathname === (base || "/")) return { kind: "list" };
  if (!pathname.startsWith(`${base}/`)) return undefined;
  const rest = pathname.slice(base.length + 1);
  if (rest === "events") return { kind: "events" };
  if (rest === "health") return { kind: "health" };
  const toolCalls = /^conversations\/([^/]+)\/tool-calls$/.exec(rest);
  if (toolCalls !== null) {
    try {
      return { kind: "tool-call-answer", conversationId: decodeURIComponent(toolCalls[1]!) };
    } catch {
      return undefined;
    }
  }
  if (rest === "" || rest.includes("/")) return undefined;
  try {
    return { kind: "answer", requestId: decodeURIComponent(rest) };
  } catch {
    return undefined;
  }
}

/** `application/json`, with or without parameters such as `charset`. */
function isJson(contentType: string | null): boolean {
  return contentType !== null && contentType.split(";")[0]!.trim().toLowerCase() === "application/json";
}

function json(status: number, body: unknown, headers: { readonly [name: string]: string } = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}
