import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReadmeServer, startReadmeServer } from "./__fixtures__/readme-server.js";

// One owner registers tools of about 60 KB, 128 to a conversation, conversation after conversation
// (was: at 510 of the 1,000 conversations allowed, the process ran out of heap), then calls each
// tool it got in, so that every validator is compiled. The README's server, in a process of its own.

let server: ReadmeServer;
beforeAll(async () => {
  server = await startReadmeServer();
});
afterAll(() => server.stop());

const MiB = 1024 * 1024;
/** A tool of about 60 KB, most of it its outputSchema. */
const tool = (name: string) => ({
  name,
  description: "A tool of the client's.",
  outputSchema: {
    type: "object",
    properties: Object.fromEntries(
      Array.from({ length: 360 }, (_, j) => [
        `p${j}`,
        { type: "string", description: `field ${j} of ${name} `.repeat(8), maxLength: j + 1 },
      ]),
    ),
  },
});

describe("what one owner's tools cost the server", () => {
  it("stays within the owner's 64 MiB budget plus a fixed overhead: 422 past a conversation's 16 MiB, 429 past the owner's, and the heap and RSS bounded with every validator compiled", {
    timeout: 180_000,
  }, async () => {
    expect(JSON.stringify(tool("t")).length).toBeGreaterThan(60_000);
    const before = await server.report();
    const statuses = new Set<number>();
    const registered: [string, string][] = [];
    let owner429 = false;
    for (let c = 0; !owner429 && c < 1_000; c++) {
      const conversation = `o${c}`;
      // 128 tools at once: past the conversation's budget.
      if (c === 0)
        statuses.add(
          (
            await server.fetch("mallory", `/conversations/${conversation}`, {
              body: { client_tools: Array.from({ length: 128 }, (_, i) => tool(`t${i}`)) },
            })
          ).status,
        );
      for (let i = 0; ; i++) {
        const one = await server.fetch("mallory", `/conversations/${conversation}`, {
          body: { client_tools: [tool(`t${i}`)] },
        });
        if (one.status === 201) registered.push([conversation, `t${i}`]);
        else {
          statuses.add(one.status);
          owner429 = one.status === 429;
          if (owner429)
            expect(((await one.json()) as { detail: string }).detail).toMatch(
              /the registry's limits\.maxBytesPerOwner/,
            );
          break;
        }
      }
    }
    expect([...statuses].sort()).toEqual([422, 429]);
    expect(registered.length).toBeGreaterThan(60);
    // Each tool called once: its validator compiled.
    for (const [conversationId, toolName] of registered) {
      expect(
        (
          await server.fetch("mallory", "/dispatch", {
            body: { conversationId, toolName, toolCallId: `call_${toolName}`, args: {} },
          })
        ).status,
      ).toBe(202);
    }
    // Every call reaches the client (its validator compiled on the way), none ends first.
    for (;;) {
      const { requests } = (await (await server.fetch("mallory", "/client-tools")).json()) as { requests: unknown[] };
      if (requests.length === registered.length) break;
      for (const [conversationId, toolName] of registered) {
        const ended = await server.fetch("mallory", `/outcome/${conversationId}/call_${toolName}`);
        if (ended.status === 200)
          throw new Error(`${conversationId}/${toolName} ended before the client was asked: ${await ended.text()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await server.report();
    const heapGrowth = after.memory.heapUsed - before.memory.heapUsed;
    const rssGrowth = after.memory.rss - before.memory.rss;
    // The specs on this thread's heap; the validators in the thread that checks clients' schemas (its heap is in the
    // RSS).
    expect(heapGrowth).toBeLessThan(64 * MiB);
    expect(rssGrowth).toBeLessThan(64 * MiB + 96 * MiB);
    console.log(
      `${registered.length} tools; heap +${(heapGrowth / 1e6).toFixed(1)} MB, RSS +${(rssGrowth / 1e6).toFixed(1)} MB`,
    );
  });
});
