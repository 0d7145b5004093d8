import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { encodeClientToolEvent } from "../../runtime/wire/sse.js";
import { answerOwnerCalls } from "./answering-client.js";

/**
 * An instance that sends one call to the owner's client and answers each POST of it with the next
 * of `statuses` (200 once they run out); `posts` fills as they come.
 */
async function instance(statuses: number[]): Promise<{ readonly server: Server; readonly posts: string[] }> {
  const posts: string[] = [];
  const server = createServer((request, response) => {
    if (request.method === "GET") {
      response.writeHead(200, { "content-type": "text/event-stream" });
      const call = {
        requestId: "r1",
        conversationId: "c1",
        toolName: "echo",
        toolCallId: "call_1",
        args: { n: 7 },
        attempt: 1,
        expiresAt: Date.now() + 60_000,
      };
      response.write(encodeClientToolEvent(call));
      return;
    }
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      posts.push(`${request.url} ${body}`);
      response.writeHead(statuses.shift() ?? 200, { "retry-after": "0" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, posts };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("the deployment benchmark's answering client", () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  const start = async (statuses: number[]) => {
    const { server, posts } = await instance(statuses);
    servers.push(server);
    const client = await answerOwnerCalls((server.address() as AddressInfo).port, "alice");
    return { client, posts };
  };

  it("answers a call with its number, and again after a 503", async () => {
    const { client, posts } = await start([503]);
    await until(() => posts.length === 2);
    expect(posts).toEqual(Array(2).fill(`/client-tools/r1 {"result":{"n":7},"attempt":1}`));
    expect(client.resent()).toBe(1);
    client.stop();
  });

  it("takes a 409 after a 503 as the first answer taken", async () => {
    const { client, posts } = await start([503, 409]);
    await until(() => posts.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const settled = await Promise.race([client.failed.then(String, String), Promise.resolve("not failed")]);
    expect(settled).toBe("not failed");
    client.stop();
  });

  it("fails on any other refusal, never throwing where nobody catches it", async () => {
    const { client } = await start([500]);
    await expect(client.failed).rejects.toThrow("an answer of alice got 500, after 1 tries");
    client.stop();
  });
});
