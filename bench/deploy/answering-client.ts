import { Agent, request as httpRequest } from "node:http";
import { CLIENT_TOOL_EVENT, decodeClientToolEvent } from "../../runtime/wire/sse.js";

/** How many times an answer is sent in all while the instance answers 503 (its store is slow or away). */
const ANSWER_TRIES = 20;

/** A client following one owner's calls; `failed` rejects with the first thing that went wrong. */
export interface AnsweringClient {
  readonly failed: Promise<never>;
  /** How many answers it sent again after a 503. */
  resent(): number;
  stop(): void;
}

/**
 * A user's client as the README's page is one: it follows the owner's calls at one instance
 * (`GET /client-tools/events`, Server-Sent Events) and answers each over HTTP at the same
 * instance, with the number it was asked, sending it again after a 503 as the README says to. It
 * runs on the benchmark's cores, where a user's browser would not: node:http with kept-alive
 * connections keeps its share small.
 */
export async function answerOwnerCalls(port: number, owner: string): Promise<AnsweringClient> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  // The last answers' responses may still be on their way when the benchmark stops.
  let stopped = false;
  let resent = 0;
  let fail!: (error: Error) => void;
  const failed = new Promise<never>((_resolve, reject) => (fail = reject));
  failed.catch(() => {});
  const events = await new Promise<import("node:http").IncomingMessage>((resolve, reject) => {
    const get = httpRequest(
      { host: "127.0.0.1", port, path: "/client-tools/events", headers: { "x-owner": owner } },
      resolve,
    );
    get.on("error", reject);
    get.end();
  });
  if (events.statusCode !== 200)
    throw new Error(`the events of ${owner} at port ${port} answered ${events.statusCode}`);
  // Stopping it resets the connection: expected, and not an error.
  events.on("error", () => {});
  events.setEncoding("utf8");
  const answer = (requestId: string, body: string, tries: number): void => {
    const post = httpRequest(
      {
        host: "127.0.0.1",
        port,
        agent,
        method: "POST",
        path: `/client-tools/${requestId}`,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-owner": owner },
      },
      (response) => {
        response.resume();
        if (response.statusCode === 200 || stopped) return;
        // A 409 after a 503: the answer sent first was taken after all.
        if (response.statusCode === 409 && tries > 1) return;
        if (response.statusCode === 503 && tries < ANSWER_TRIES) {
          resent++;
          const seconds = Number(response.headers["retry-after"] ?? 1);
          setTimeout(() => answer(requestId, body, tries + 1), seconds * 1000);
          return;
        }
        fail(new Error(`an answer of ${owner} got ${response.statusCode}, after ${tries} tries`));
      },
    );
    post.on("error", (error) => {
      if (!stopped) fail(error);
    });
    post.end(body);
  };
  let buffered = "";
  events.on("data", (chunk: string) => {
    buffered += chunk;
    const received = buffered.split("\n\n");
    buffered = received.pop()!;
    for (const event of received) {
      const lines = event.split("\n");
      if (lines[0] !== `event: ${CLIENT_TOOL_EVENT}`) continue;
      const request = decodeClientToolEvent(lines[1]!.slice("data: ".length));
      if (request === undefined) return fail(new Error(`not a request: ${event}`));
      const body = JSON.stringify({
        result: { n: (request.args as { readonly n: number }).n },
        attempt: request.attempt,
      });
      answer(request.requestId, body, 1);
    }
  });
  return {
    failed,
    resent: () => resent,
    stop: () => {
      stopped = true;
      events.destroy();
      agent.destroy();
    },
  };
}
