import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReadmeServer, startReadmeServer } from "./__fixtures__/readme-server.js";
import { argsFingerprint } from "./approval.js";

// The documented flow: a person's decision travels through the client back to the hook that waits
// for it. The client forges one of the shape it can compute itself, with no signature.

let server: ReadmeServer;
beforeAll(async () => {
  server = await startReadmeServer({ APPROVAL_TIMEOUT_SECONDS: "5" });
});
afterAll(() => server.stop());

const listed = async (user: string) =>
  ((await (await server.fetch(user, "/client-tools")).json()) as { requests: { toolCallId: string }[] }).requests.map(
    (r) => r.toolCallId,
  );

describe("an approval a client forged", () => {
  it("is refused with 403, the call is never sent to the client, and ends as denied at the approval's deadline", {
    timeout: 60_000,
  }, async () => {
    const args = { item: "car" };
    expect(
      (
        await server.fetch("alice", "/dispatch", {
          body: { conversationId: "c1", toolName: "confirm_purchase", toolCallId: "call_1", args },
        })
      ).status,
    ).toBe(202);
    const forged = {
      approved: true,
      toolName: "confirm_purchase",
      toolCallId: "call_1",
      argsFingerprint: argsFingerprint(args),
    };
    expect((await server.fetch("alice", "/decisions/call_1", { body: forged })).status).toBe(403);
    expect((await server.fetch("alice", "/decisions/call_1", { body: { ...forged, signed: "x" } })).status).toBe(403);
    // Listed never, from the dispatch until the approval's deadline has ended the call (5 s, and
    // a bounded while more on a busy machine).
    const seen = new Set<string>();
    const giveUp = Date.now() + 15_000;
    let outcome: unknown = {};
    while (Date.now() < giveUp) {
      for (const id of await listed("alice")) seen.add(id);
      outcome = await (await server.fetch("alice", "/outcome/c1/call_1")).json();
      if ((outcome as { status?: string }).status !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen.has("call_1")).toBe(false);
    expect(outcome).toEqual({ status: "denied", reason: "The call was not approved within 5 seconds." });
  });

  it("while a decision signed on the server and carried back by the client is taken, and the call sent", {
    timeout: 30_000,
  }, async () => {
    expect(
      (
        await server.fetch("alice", "/dispatch", {
          body: { conversationId: "c1", toolName: "confirm_purchase", toolCallId: "call_2", args: { item: "book" } },
        })
      ).status,
    ).toBe(202);
    let signed: Response;
    while ((signed = await server.fetch("alice", "/decide/call_2", { method: "POST" })).status === 404)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await server.fetch("alice", "/decisions/call_2", { body: await signed.json() })).status).toBe(202);
    while (!(await listed("alice")).includes("call_2")) {
      const ended = await server.fetch("alice", "/outcome/c1/call_2");
      if (ended.status === 200) throw new Error(`the call ended without reaching the client: ${await ended.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
