import { describe, expect, it } from "vitest";
import { parseClientToolSpec } from "../tool-spec/parse.js";
import { ClientToolLimitError } from "./errors.js";
import { clientToolBytes } from "./limits.js";
import { ClientToolRegistry } from "./registry.js";
import type { SharedBudgetRefusal, SharedOwnerBudget } from "./shared-budget.js";

const tool = (name: string) => ({
  name,
  description: "A tool.",
  parameters: { type: "object", properties: { [name]: { type: "string" } } },
});

/** One budget for every registry below, as a store shared by instances holds it (without expiry). */
class SharedCounts implements SharedOwnerBudget {
  readonly held = new Map<string, Map<string, number>>();
  failing = false;

  async holdConversation(
    owner: string,
    conversationId: string,
    bytes: number,
    limits: { maxConversations: number; maxBytes: number },
  ): Promise<SharedBudgetRefusal | undefined> {
    if (this.failing) throw new Error("the store is unavailable");
    const owned = this.held.get(owner) ?? new Map<string, number>();
    const before = owned.get(conversationId);
    if (before === undefined && owned.size >= limits.maxConversations) return "maxConversationsPerOwner";
    const total = [...owned.values()].reduce((sum, b) => sum + b, 0) - (before ?? 0) + bytes;
    if (bytes > (before ?? 0) && total > limits.maxBytes) return "maxBytesPerOwner";
    this.held.set(owner, owned.set(conversationId, bytes));
    return undefined;
  }

  async releaseConversation(owner: string, conversationId: string): Promise<void> {
    this.held.get(owner)?.delete(conversationId);
  }
}

const names = (registry: ClientToolRegistry, conversationId: string) =>
  registry
    .forConversation(conversationId)
    .list()
    .map((t) => t.name);

describe("registerInScope with a shared budget", () => {
  it("refuses at one instance the conversation past the owner's cap counted at another, with 429, keeping nothing", async () => {
    const budget = new SharedCounts();
    const limits = { maxConversationsPerOwner: 2 };
    const a = new ClientToolRegistry({ sharedBudget: budget, limits });
    const b = new ClientToolRegistry({ sharedBudget: budget, limits });
    await a.registerInScope("c1", "alice", [tool("one")]);
    await a.registerInScope("c2", "alice", [tool("two")]);
    const refused = await b.registerInScope("c3", "alice", [tool("three")]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ClientToolLimitError);
    expect(refused).toMatchObject({ status: 429, limit: "maxConversationsPerOwner", max: 2 });
    expect((refused as Error).message).toMatch(
      /2 conversations with client tools of their own across the server's instances/,
    );
    expect(names(b, "c3")).toEqual([]);
    // Another owner, and a conversation counted already, are not refused; a dropped one frees its place.
    await b.registerInScope("c4", "bob", [tool("four")]);
    await b.registerInScope("c1", "alice", [tool("one"), tool("uno")]);
    a.dropScope("c2");
    await b.registerInScope("c3", "alice", [tool("three")]);
    expect(names(b, "c3")).toEqual(["three"]);
  });

  it("refuses the bytes past the owner's budget over every instance, and puts back what the conversation held", async () => {
    const budget = new SharedCounts();
    // Room for two such tools, not three.
    const limits = { maxBytesPerOwner: Math.round(2.5 * clientToolBytes(parseClientToolSpec(tool("aa")))) };
    const a = new ClientToolRegistry({ sharedBudget: budget, limits });
    const b = new ClientToolRegistry({ sharedBudget: budget, limits });
    await a.registerInScope("c1", "alice", [tool("aa")]);
    await b.registerInScope("c2", "alice", [tool("bb")]);
    const refused = await b.registerInScope("c2", "alice", [tool("cc")]).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, limit: "maxBytesPerOwner" });
    expect(names(b, "c2")).toEqual(["bb"]);
    expect(budget.held.get("alice")?.size).toBe(2);
  });

  it("rejects with the store's error when the budget cannot be reached, keeping nothing of the registration", async () => {
    const budget = new SharedCounts();
    const registry = new ClientToolRegistry({ sharedBudget: budget });
    await registry.registerInScope("c1", "alice", [tool("one")]);
    budget.failing = true;
    await expect(registry.registerInScope("c1", "alice", [tool("two")])).rejects.toThrow(/unavailable/);
    await expect(registry.registerInScope("c2", "alice", [tool("two")])).rejects.toThrow(/unavailable/);
    expect(names(registry, "c1")).toEqual(["one"]);
    expect(names(registry, "c2")).toEqual([]);
  });

  it("runs a conversation's registrations one after another, and without a budget is scope().register()", async () => {
    const budget = new SharedCounts();
    const registry = new ClientToolRegistry({ sharedBudget: budget, limits: { maxConversationsPerOwner: 1 } });
    const both = await Promise.allSettled([
      registry.registerInScope("c1", "alice", [tool("one")]),
      registry.registerInScope("c1", "alice", [tool("two")]),
    ]);
    expect(both.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(names(registry, "c1")).toEqual(["one", "two"]);
    const local = new ClientToolRegistry({ limits: { maxConversationsPerOwner: 1 } });
    await local.registerInScope("c1", "alice", [tool("one")]);
    await expect(local.registerInScope("c2", "alice", [tool("two")])).rejects.toMatchObject({ status: 429 });
    expect(names(local, "c2")).toEqual([]);
  });
});
