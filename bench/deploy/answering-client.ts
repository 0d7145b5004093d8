import { Agent, request as httpRequest } from "node:http";
import { CLIENT_TOOL_EVENT, decodeClientToolEvent } from "../../runtime/wire/sse.js";

/**
 * A user's client as the README's page is one: it follows the owner's calls at one instance
 * (`GET /client-tools/events`, Server-Sent Events) and answers each over HTTP at the same
 * instance, with the number it was asked. It runs on the benchmark's cores, where a user's
 * browser would not: node:http with kept-alive connections keeps its share small. Returns how
 * to stop it.
 */
export async function answerOwnerCalls(port: number, owner: string): Promise<() => void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  // The last answers' responses may still be on their way when the benchmark stops.
  let stopped = false;
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
  let buffered = "";
  events.on("data", (chunk: string) => {
    buffered += chunk;
    const received = buffered.split("\n\n");
    buffered = received.pop()!;
    for (const event of received) {
      const lines = event.split("\n");
      if (lines[0] !== `event: ${CLIENT_TOOL_EVENT}`) continue;
      const request = decodeClientToolEvent(lines[1]!.slice("data: ".length));
      if (request === undefined) throw new Error(`not a request: ${event}`);
      const body = JSON.stringify({
        result: { n: (request.args as { readonly n: number }).n },
        attempt: request.attempt,
      });
      const post = httpRequest(
        {
          host: "127.0.0.1",
          port,
          agent,
          method: "POST",
          path: `/client-tools/${request.requestId}`,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-owner": owner },
        },
        (answer) => {
          answer.resume();
          if (answer.statusCode !== 200) throw new Error(`an answer got ${answer.statusCode}`);
        },
      );
      post.on("error", (error) => {
        if (!stopped) throw error;
      });
      post.end(body);
    }
  });
  return () => {
    stopped = true;
    events.destroy();
    agent.destroy();
  };
}
