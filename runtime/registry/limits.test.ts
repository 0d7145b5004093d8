import { describe, expect, it } from "vitest";
import { refusalOf } from "./__fixtures__/refusal.js";
import { ClientToolLimitError } from "./errors.js";
import { clientToolBytes, DEFAULT_REGISTRY_LIMITS } from "./limits.js";
import { ClientToolRegistry } from "./registry.js";

const tool = (name: string) => ({
  name,
  description: "A tool.",
  parameters: { type: "object", properties: { [name]: { type: "string" } } },
});
const tools = (count: number, prefix = "tool") => Array.from({ length: count }, (_, i) => tool(`${prefix}${i}`));

const refusal = (register: () => unknown) => refusalOf(ClientToolLimitError, register);

describe("how many tools a conversation may hold", () => {
  it("refuses a registration that takes a conversation past maxToolsPerConversation, with 422 naming the limit, and keeps nothing of it", () => {
    const registry = new ClientToolRegistry({ limits: { maxToolsPerConversation: 3 } });
    const scope = registry.scope("c1");
    scope.register(tools(2));
    const error = refusal(() => scope.register([tool("tool2"), tool("tool3")]));
    expect(error).toMatchObject({ status: 422, limit: "maxToolsPerConversation", max: 3 });
    expect(error.message).toMatch(
      /4 client tools of its own, over the limit of 3 \(the registry's limits\.maxToolsPerConversation\)/,
    );
    expect(scope.list().map((t) => t.name)).toEqual(["tool0", "tool1"]);
    // Registering a tool it holds again adds nothing; the third fits.
    scope.register([tool("tool0"), tool("tool2")]);
    expect(scope.list()).toHaveLength(3);
  });

  it("refuses a registration of more specs than a conversation may hold before checking any of them", () => {
    const registry = new ClientToolRegistry({ limits: { maxToolsPerConversation: 2 } });
    // Invalid specs: had they been checked first, the refusal would be ClientToolInvalidSpecError.
    const error = refusal(() => registry.scope("c1").register([{ name: 1 }, { name: 2 }, { name: 3 }]));
    expect(error.limit).toBe("maxToolsPerConversation");
  });

  it("does not count the server's tools (those for every conversation), and defaults to 128", () => {
    expect(DEFAULT_REGISTRY_LIMITS.maxToolsPerConversation).toBe(128);
    const registry = new ClientToolRegistry();
    registry.register(tools(200, "server"));
    const scope = registry.scope("c1");
    scope.register(tools(128));
    expect(scope.list()).toHaveLength(328);
    expect(refusal(() => scope.register(tool("one_more"))).status).toBe(422);
  });
});

describe("how many conversations one owner may hold", () => {
  it("refuses a conversation past maxConversationsPerOwner with 429, for that owner only, until one is dropped", () => {
    const registry = new ClientToolRegistry({ limits: { maxConversationsPerOwner: 2 } });
    registry.scope("a1", { owner: "alice" }).register(tool("t"));
    registry.scope("a2", { owner: "alice" }).register(tool("t"));
    const error = refusal(() => registry.scope("a3", { owner: "alice" }));
    expect(error).toMatchObject({ status: 429, limit: "maxConversationsPerOwner", max: 2 });
    expect(error.message).toMatch(
      /already has 2 conversations.*over the limit of 2 \(the registry's limits\.maxConversationsPerOwner\)/,
    );
    expect(error.toJSON()).toEqual({ detail: error.message });
    // Another owner, and the owner's existing conversations, are not affected.
    registry.scope("b1", { owner: "bob" }).register(tool("t"));
    expect(registry.scope("a1", { owner: "alice" }).list()).toHaveLength(1);
    registry.dropScope("a1");
    registry.scope("a3", { owner: "alice" }).register(tool("t"));
    expect(registry.forConversation("a3").get("t")).toBeDefined();
  });

  it("will not hand one owner's conversation to another", () => {
    const registry = new ClientToolRegistry();
    registry.scope("a1", { owner: "alice" }).register(tool("t"));
    expect(() => registry.scope("a1", { owner: "mallory" })).toThrow(/belongs to another owner/);
    // Without an owner, the server asks for a view it already checked.
    expect(registry.scope("a1").list()).toHaveLength(1);
  });

  it("keeps owners through a snapshot, and restores conversations past a lowered limit", () => {
    const registry = new ClientToolRegistry();
    for (const id of ["a1", "a2", "a3"]) registry.scope(id, { owner: "alice" }).register(tool("t"));
    const snapshot = JSON.parse(JSON.stringify(registry.snapshot())) as unknown;
    expect((snapshot as { scopes: { owner?: string }[] }).scopes.map((scope) => scope.owner)).toEqual([
      "alice",
      "alice",
      "alice",
    ]);
    const restored = ClientToolRegistry.restore(snapshot, { limits: { maxConversationsPerOwner: 2 } });
    expect(restored.forConversation("a3").get("t")).toBeDefined();
    expect(refusal(() => restored.scope("a4", { owner: "alice" })).status).toBe(429);
    expect(() => restored.scope("a1", { owner: "mallory" })).toThrow(/another owner/);
  });
});

describe("what a conversation's and an owner's tools may cost in bytes", () => {
  // As kept: parsed, with its fingerprints.
  const kept = new ClientToolRegistry().register(tool("tool0"))[0]!.spec;
  const cost = clientToolBytes(kept);

  it("takes a tool to cost its spec's JSON as kept and 13 bytes a byte of its schemas (the validators compiled from them)", () => {
    expect(cost).toBe(JSON.stringify(kept).length + 13 * JSON.stringify(kept.parameters).length);
    expect(DEFAULT_REGISTRY_LIMITS).toMatchObject({
      maxBytesPerConversation: 16 * 1024 * 1024,
      maxBytesPerOwner: 64 * 1024 * 1024,
    });
  });

  it("refuses a registration past maxBytesPerConversation with 422, and keeps nothing of it", () => {
    const registry = new ClientToolRegistry({ limits: { maxBytesPerConversation: Math.floor(cost * 2.5) } });
    const scope = registry.scope("c1");
    scope.register(tools(2));
    const error = refusal(() => scope.register([tool("tool2"), tool("tool3")]));
    expect(error).toMatchObject({ status: 422, limit: "maxBytesPerConversation" });
    expect(error.message).toMatch(
      /taken to cost \d+ bytes \(their specs and the validators compiled from them\), over the limit of \d+ \(the registry's limits\.maxBytesPerConversation\)/,
    );
    expect(scope.list()).toHaveLength(2);
    // Registering what it holds again costs nothing more.
    scope.register(tools(2));
  });

  it("refuses an owner past maxBytesPerOwner across its conversations with 429, for that owner only, until a conversation is dropped", () => {
    const registry = new ClientToolRegistry({ limits: { maxBytesPerOwner: cost * 5 } });
    registry.scope("a1", { owner: "alice" }).register(tools(3));
    const error = refusal(() => registry.scope("a2", { owner: "alice" }).register(tools(3)));
    expect(error).toMatchObject({ status: 429, limit: "maxBytesPerOwner" });
    registry.scope("b1", { owner: "bob" }).register(tools(5));
    registry.scope("a2", { owner: "alice" }).register(tools(2));
    registry.dropScope("a1");
    registry.scope("a3", { owner: "alice" }).register(tools(3));
    // A restored registry keeps what it held, even past a lowered limit.
    const restored = ClientToolRegistry.restore(registry.snapshot(), { limits: { maxBytesPerOwner: cost } });
    expect(restored.scope("a3").list()).toHaveLength(3);
    expect(refusal(() => restored.scope("a4", { owner: "alice" }).register(tools(1))).limit).toBe("maxBytesPerOwner");
  });
});
