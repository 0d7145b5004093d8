import { describe, expect, it } from "vitest";
import { ClientToolSchemaConflictError } from "./errors.js";
import { DEFAULT_REGISTRY_LIMITS } from "./limits.js";
import { type RegistryState, ToolView } from "./registration-rules.js";

const state = (overrides: Partial<RegistryState> = {}): RegistryState => ({
  reservedNames: new Map(),
  limits: DEFAULT_REGISTRY_LIMITS,
  onReservedName: "error",
  ...overrides,
});

const tool = (name: string, type: "string" | "number" = "string") => ({
  name,
  description: `The ${name} tool.`,
  parameters: { type: "object", properties: { value: { type } }, required: ["value"] },
});

describe("ToolView", () => {
  it("keeps a name to one identity: the same spec again is the same tool, a new description updates it, a new schema is refused", () => {
    const view = new ToolView(state());
    view.register([tool("pick")]);
    expect(view.get("pick")?.spec.name).toBe("pick");
    view.register([tool("pick")]);
    expect(view.list()).toHaveLength(1);
    view.register([{ ...tool("pick"), description: "Pick a value, again." }]);
    expect(view.get("pick")?.spec.description).toBe("Pick a value, again.");
    expect(() => view.register([tool("pick", "number")])).toThrow(ClientToolSchemaConflictError);
  });

  it("registers all or nothing: a batch with one bad spec keeps none of it", () => {
    const view = new ToolView(state());
    expect(() => view.register([tool("a"), { name: "b" }])).toThrow();
    expect(view.get("a")).toBeUndefined();
  });

  it("lets a conversation see the registry's tools, its own first, and holds its names against the parent's identity", () => {
    const registry = new ToolView(state());
    registry.register([tool("shared"), tool("both")]);
    const conversation = new ToolView(state(), registry);
    conversation.register([tool("own")]);
    expect(conversation.list().map((t) => t.name)).toEqual(["shared", "both", "own"]);
    expect(conversation.ownSpecs().map((spec) => spec.name)).toEqual(["own"]);
    expect(() => conversation.register([tool("shared", "number")])).toThrow(ClientToolSchemaConflictError);
    expect(registry.get("own")).toBeUndefined();
  });

  it("refuses a spec named like one of the server's own tools, or leaves it out when told to ignore it", () => {
    const reservedNames = new Map([["search", "search"]]);
    expect(() => new ToolView(state({ reservedNames })).register([tool("search")])).toThrow(/search/);
    const ignoring = new ToolView(state({ reservedNames, onReservedName: "ignore" }));
    ignoring.register([tool("search"), tool("other")]);
    expect(ignoring.list().map((t) => t.name)).toEqual(["other"]);
  });

  it("asks a conversation's budget before keeping a registration, and frees the names it held on release", () => {
    const registry = new ToolView(state());
    const told: [number, number][] = [];
    const conversation = new ToolView(state(), registry, (before, after) => {
      told.push([before, after]);
      if (after > 10_000) throw new Error("over budget");
    });
    conversation.register([tool("small")]);
    expect(told).toHaveLength(1);
    expect(told[0]![0]).toBe(0);
    expect(conversation.ownBytes()).toBe(told[0]![1]);
    conversation.release();
    const again = new ToolView(state(), registry);
    expect(() => again.register([tool("small", "number")])).not.toThrow();
  });
});
