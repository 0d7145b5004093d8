import { beforeEach, describe, expect, it, vi } from "vitest";
import { exportClientTools } from "../export/export-client-tools.js";
import { schemaFingerprint, toolFingerprints } from "../fingerprint/fingerprint.js";
import { ClientCallBroker } from "../server/broker.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import type { JsonObject } from "../util/json.js";
import { deepFreeze, generatedSpecs, schemaCount, withStaleFingerprints } from "./__fixtures__/generated-specs.js";
import {
  ClientToolDuplicateNameError,
  ClientToolFingerprintMismatchError,
  ClientToolInvalidSpecError,
  ClientToolNameCollisionError,
  ClientToolSchemaConflictError,
} from "./errors.js";
import { ClientToolRegistry } from "./registry.js";

// Counts the hashes the registry computes, by wrapping the fingerprint module it imports.
vi.mock("../fingerprint/fingerprint.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../fingerprint/fingerprint.js")>();
  return { ...original, schemaFingerprint: vi.fn(original.schemaFingerprint) };
});
const hashes = vi.mocked(schemaFingerprint);

beforeEach(() => {
  hashes.mockClear();
});

/** Three generated specs, the second with a schema edited after its fingerprints were computed. */
function withStaleSecond(tag: string): readonly ClientToolSpec[] {
  const [first, second, third] = generatedSpecs(3, tag);
  return deepFreeze([
    first!,
    withStaleFingerprints(second!, { parameters: { type: "object", properties: { edited: { type: "string" } } } }),
    third!,
  ]);
}

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

/** Expects the stale fingerprint of tool_1, registered at /1, to be what `action` throws. */
function expectStale(action: () => unknown): void {
  const error = thrown(action);
  expect(error).toBeInstanceOf(ClientToolFingerprintMismatchError);
  expect(error).toMatchObject({ toolName: "tool_1", pointer: "/1/fingerprints/parameters" });
}

/** `{ type: "object", properties: { a: { type: "object", properties: { a: … } } } }`, nested `levels` times. */
function nested(levels: number): JsonObject {
  let schema: JsonObject = { type: "string" };
  for (let i = 0; i < levels; i++) schema = { type: "object", properties: { a: schema } };
  return schema;
}

describe("registering frozen, pre-fingerprinted specs", () => {
  it("hashes nothing at registration, and each tool's schemas once, on its first use", () => {
    const specs = generatedSpecs(6, "once");
    const registry = new ClientToolRegistry();
    const tools = registry.register(specs);
    expect(hashes).not.toHaveBeenCalled();

    expect(registry.get("tool_1")!.spec.parameters).toBe(specs[1]!.parameters);
    expect(hashes).toHaveBeenCalledTimes(1);
    expect(tools[0]!.fingerprints).toEqual(specs[0]!.fingerprints); // awaited: two schemas
    expect(hashes).toHaveBeenCalledTimes(3);
    void registry.get("tool_1")!.spec;
    void tools[0]!.identity;
    expect(hashes).toHaveBeenCalledTimes(3);

    exportClientTools(registry.list(), "openai-chat");
    expect(hashes).toHaveBeenCalledTimes(schemaCount(6));
    exportClientTools(registry.list(), "anthropic");
    new ClientToolRegistry().register(specs);
    registry.scope("a").register(specs);
    registry.verify();
    expect(hashes).toHaveBeenCalledTimes(schemaCount(6));
  });

  it("gives a tool that serializes, spreads and compares like one registered from JSON", () => {
    const specs = generatedSpecs(2, "plain");
    const [tool] = new ClientToolRegistry().register(specs);
    const json = JSON.parse(JSON.stringify(tool)) as unknown;
    expect(json).toEqual({
      name: "tool_0",
      spec: specs[0],
      fingerprints: toolFingerprints(specs[0]!),
      identity: expect.stringMatching(/^tool_0:/),
    });
    expect({ ...tool }).toEqual(new ClientToolRegistry().register(JSON.parse(JSON.stringify(specs)) as unknown)[0]);
    expect(Object.isFrozen(tool)).toBe(true);
  });

  it("still refuses at registration what it can see without walking the schemas, all or nothing", () => {
    const specs = generatedSpecs(3, "cheap");
    const registry = new ClientToolRegistry({ reservedNames: ["bash"] });
    const badName = deepFreeze({ ...specs[1]!, name: "bad name", fingerprints: { parameters: "not hex" } });
    const invalid = thrown(() => registry.register([specs[0], badName, specs[2]]));
    expect(invalid).toBeInstanceOf(ClientToolInvalidSpecError);
    expect((invalid as ClientToolInvalidSpecError).problems.map((p) => p.pointer)).toEqual([
      "/1/name",
      "/1/fingerprints/parameters",
    ]);
    expect(() => registry.register({ client_tools: [specs[0], specs[1], specs[0]] })).toThrow(
      expect.objectContaining({
        constructor: ClientToolDuplicateNameError,
        pointers: ["/client_tools/0", "/client_tools/2"],
      }),
    );
    expect(() => registry.register([specs[0], deepFreeze({ ...specs[1]!, name: "bash" })])).toThrow(
      ClientToolNameCollisionError,
    );
    expect(registry.list()).toEqual([]);
    expect(hashes).not.toHaveBeenCalled();
  });

  it("registers nothing from a call whose second of three specs conflicts", () => {
    const registry = new ClientToolRegistry();
    const before = generatedSpecs(3, "before");
    registry.register([before[1]]);
    const after = generatedSpecs(3, "after"); // the same names, other schemas, fresh fingerprints
    expect(() => registry.register(after)).toThrow(ClientToolSchemaConflictError);
    expect(registry.list().map((tool) => tool.name)).toEqual(["tool_1"]);
    expect(registry.get("tool_1")!.spec).toEqual(before[1]);
  });

  it("returns the same tool for the same object again, without verifying it", () => {
    const specs = generatedSpecs(2, "same");
    const registry = new ClientToolRegistry();
    const [first] = registry.register(specs);
    expect(registry.register([specs[0]])[0]).toBe(first);
    expect(registry.scope("a").register({ client_tools: specs })[0]).toBe(first);
    expect(hashes).not.toHaveBeenCalled();
  });

  it("verifies both sides before declaring another object with the same fingerprints the same tool", () => {
    const specs = generatedSpecs(1, "twin");
    const registry = new ClientToolRegistry();
    const [first] = registry.register(specs);
    const twin = deepFreeze(JSON.parse(JSON.stringify(specs[0])) as ClientToolSpec);
    expect(registry.register([twin])[0]).toBe(first);
    expect(hashes).toHaveBeenCalledTimes(2 * schemaCount(1));
  });
});

describe("a stale precomputed fingerprint", () => {
  it("is registered without hashing, and reported at first use and by verify()", () => {
    const registry = new ClientToolRegistry();
    const tools = registry.register(withStaleSecond("stale"));
    expect(tools.map((tool) => tool.name)).toEqual(["tool_0", "tool_1", "tool_2"]);
    expect(hashes).not.toHaveBeenCalled();

    expectStale(() => registry.verify());
    expectStale(() => tools[1]!.spec);
    expect(registry.get("tool_2")!.spec.name).toBe("tool_2");
  });

  it("is reported at lookup", () => {
    const registry = new ClientToolRegistry();
    registry.register(withStaleSecond("lookup"));
    expectStale(() => registry.get("tool_1")!.spec);
    expectStale(() => registry.get("tool_1")!.fingerprints);
  });

  it("is reported by an export", () => {
    const registry = new ClientToolRegistry();
    registry.register(withStaleSecond("export"));
    expectStale(() => exportClientTools(registry.list(), "gemini"));
  });

  it("is reported by a snapshot, of the registry or of a conversation", () => {
    const registry = new ClientToolRegistry();
    registry.scope("a").register(withStaleSecond("snapshot"));
    expectStale(() => registry.scope("a").snapshot());
    expectStale(() => registry.snapshot());
  });

  it("is reported when a call to the tool is dispatched", async () => {
    const specs = withStaleSecond("dispatch"); // tool_0 and tool_3 are awaited: make tool_1 stale and awaited
    const stale = deepFreeze({
      ...specs[1]!,
      outputSchema: { type: "object", properties: {} },
      fingerprints: { ...specs[1]!.fingerprints, outputSchema: "0".repeat(64) },
    });
    const registry = new ClientToolRegistry();
    registry.register([specs[0], stale]);
    const broker = new ClientCallBroker({ tools: registry });
    const dispatch = broker.dispatch({
      conversationId: "c",
      owner: "o",
      toolName: "tool_1",
      toolCallId: "call_1",
      args: {},
    });
    await expect(dispatch).rejects.toThrow(ClientToolFingerprintMismatchError);
    await broker.close();
  });

  it("is reported when another object is registered under its name, on either side, never as a conflict", () => {
    const stale = withStaleSecond("old side");
    const fresh = generatedSpecs(3, "old side"); // tool_1 as generated: the schema its stale twin claims
    const registry = new ClientToolRegistry();
    registry.register(stale);
    expectStale(() => registry.register([fresh[1]]));

    const changed = new ClientToolRegistry();
    changed.register(withStaleSecond("old side"));
    expectStale(() => changed.register([generatedSpecs(3, "a real change")[1]])); // claimed fingerprints differ too

    const other = new ClientToolRegistry();
    other.register(fresh);
    expectStale(() => other.register(withStaleSecond("old side")));
    expect(other.get("tool_1")!.spec).toEqual(fresh[1]);
  });

  it("is reported again on every use without hashing again", () => {
    const registry = new ClientToolRegistry();
    registry.register(withStaleSecond("again"));
    expectStale(() => registry.verify());
    const after = hashes.mock.calls.length;
    expectStale(() => registry.get("tool_1")!.spec);
    expectStale(() => registry.verify());
    expect(hashes).toHaveBeenCalledTimes(after);
  });

  it("is pinned at registration: a schema not frozen all the way down and edited before first use is stale", () => {
    const [spec] = generatedSpecs(1, "pinned");
    const properties: Record<string, JsonObject> = { path: { type: "string" } };
    const parameters = Object.freeze({ type: "object", properties });
    const fingerprints = Object.freeze(toolFingerprints({ parameters }));
    const registry = new ClientToolRegistry();
    const [tool] = registry.register(
      Object.freeze({ name: "pinned", description: spec!.description, parameters, fingerprints }),
    );
    expect(hashes).not.toHaveBeenCalled();
    properties["path"] = { type: "number" };
    expect(() => tool!.spec).toThrow(
      expect.objectContaining({ constructor: ClientToolFingerprintMismatchError, pointer: "/fingerprints/parameters" }),
    );
  });

  it("is refused at registration when the spec is not frozen: it could change before first use", () => {
    const stale = JSON.parse(JSON.stringify(withStaleSecond("json"))) as unknown;
    const registry = new ClientToolRegistry();
    expectStale(() => registry.register(stale));
    expect(registry.list()).toEqual([]);
  });
});

describe("a deep schema rule broken by a deferred spec", () => {
  it("is reported at first use as an invalid spec, naming the tool and the pointer", () => {
    const [first, second] = generatedSpecs(2, "deep");
    const deep = deepFreeze({ ...second!, parameters: nested(40) });
    const registry = new ClientToolRegistry();
    registry.register({ client_tools: [first, deep] });

    const error = thrown(() => registry.get("tool_1")!.spec);
    expect(error).toBeInstanceOf(ClientToolInvalidSpecError);
    expect((error as ClientToolInvalidSpecError).toolName).toBe("tool_1");
    expect((error as ClientToolInvalidSpecError).message).toMatch(
      /^Client tool "tool_1", checked on its first use: Invalid client tool spec: \/client_tools\/1\/parameters\/properties\/a/,
    );
    expect((error as ClientToolInvalidSpecError).problems[0]!.message).toContain("more than 64 levels deep");
    expect(() => registry.verify()).toThrow(ClientToolInvalidSpecError);
  });

  it("is reported for a $ref cycle that never steps into the value", () => {
    const [spec] = generatedSpecs(1, "cycle");
    const parameters = {
      type: "object",
      properties: { x: { $ref: "#/$defs/a" } },
      $defs: { a: { allOf: [{ $ref: "#/$defs/a" }] } },
    };
    const registry = new ClientToolRegistry();
    registry.register([
      deepFreeze({
        ...spec!,
        parameters,
        fingerprints: {
          parameters: toolFingerprints({ parameters }).parameters,
          outputSchema: spec!.fingerprints!.outputSchema!,
        },
      }),
    ]);
    expect(() => registry.verify()).toThrow(
      expect.objectContaining({
        constructor: ClientToolInvalidSpecError,
        problems: [expect.objectContaining({ pointer: "/0/parameters/$defs/a/allOf/0/$ref" })],
      }),
    );
  });

  it("is refused at registration when the spec is not frozen", () => {
    const [spec] = generatedSpecs(1, "deep json");
    const registry = new ClientToolRegistry();
    expect(() => registry.register([{ ...spec!, parameters: nested(40) }])).toThrow(ClientToolInvalidSpecError);
  });
});
