import { describe, expect, it } from "vitest";
import { toolFingerprints } from "../fingerprint/fingerprint.js";
import type { JsonObject } from "../util/json.js";
import {
  ClientToolDuplicateNameError,
  ClientToolFingerprintMismatchError,
  ClientToolInvalidSpecError,
  ClientToolLookalikeNameError,
  ClientToolNameCollisionError,
  ClientToolRegistrationError,
  ClientToolSchemaConflictError,
} from "./errors.js";
import { ClientToolRegistry } from "./registry.js";

const openFileViewer = {
  name: "open_file_viewer",
  description: "Open a file in the viewer panel.",
  parameters: {
    type: "object",
    properties: { file_path: { type: "string" }, line: { type: "integer", minimum: 1 } },
    required: ["file_path"],
  },
};

const getLocation = {
  name: "get_location",
  description: "Read the user's location.",
  parameters: { type: "object", properties: {} },
  outputSchema: {
    type: "object",
    properties: { lat: { type: "number" }, lon: { type: "number" } },
    required: ["lat", "lon"],
  },
  annotations: { readOnlyHint: true },
};

const confirm = {
  name: "confirm",
  description: "Ask the user to confirm.",
  parameters: { type: "object", properties: { question: { type: "string" } } },
};

/** A fresh copy, as if it arrived again as JSON from a client. */
function fromClient<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function names(registry: { list(): readonly { name: string }[] }): string[] {
  return registry.list().map((tool) => tool.name);
}

describe("ClientToolRegistry.register", () => {
  it("returns the very same object when the same spec is registered twice", () => {
    const registry = new ClientToolRegistry();
    const [first] = registry.register(fromClient([openFileViewer]));
    const [second] = registry.register(fromClient([openFileViewer]));
    expect(second).toBe(first);
    expect(registry.get("open_file_viewer")).toBe(first);
  });

  it("registers one spec, an array, or a { client_tools } manifest", () => {
    const registry = new ClientToolRegistry();
    expect(registry.register(fromClient(openFileViewer)).map((t) => t.name)).toEqual(["open_file_viewer"]);
    expect(registry.register(fromClient([getLocation])).map((t) => t.name)).toEqual(["get_location"]);
    expect(registry.register(fromClient({ client_tools: [confirm] })).map((t) => t.name)).toEqual(["confirm"]);
    expect(names(registry)).toEqual(["open_file_viewer", "get_location", "confirm"]);
  });

  it("keeps the parsed spec, deep-frozen and carrying its verified fingerprints, and derives the identity from them", () => {
    const registry = new ClientToolRegistry();
    const [tool] = registry.register(fromClient([getLocation]));
    const fingerprints = toolFingerprints(getLocation);
    expect(tool!.fingerprints).toEqual(fingerprints);
    expect(tool!.spec.fingerprints).toEqual(fingerprints);
    expect(tool!.identity).toBe(`get_location:${fingerprints.parameters}:${fingerprints.outputSchema}`);
    expect(tool!.spec.outputSchema).toEqual(getLocation.outputSchema);
    expect(Object.isFrozen(tool)).toBe(true);
    expect(Object.isFrozen(tool!.spec)).toBe(true);
    expect(Object.isFrozen(tool!.spec.parameters["properties"])).toBe(true);
  });

  it("accepts a description-only change and uses the newest description", () => {
    const registry = new ClientToolRegistry();
    const [before] = registry.register(fromClient([openFileViewer]));
    const [after] = registry.register([{ ...fromClient(openFileViewer), description: "Show a file." }]);
    expect(after!.spec.description).toBe("Show a file.");
    expect(after!.identity).toBe(before!.identity);
    expect(registry.get("open_file_viewer")).toBe(after);
    expect(names(registry)).toEqual(["open_file_viewer"]);
  });

  it("uses the newest annotations, permission and timeout too", () => {
    const registry = new ClientToolRegistry();
    registry.register(fromClient([getLocation]));
    const changed = {
      ...fromClient(getLocation),
      annotations: { readOnlyHint: false },
      permission: "geo.read",
      timeoutSeconds: 30,
    };
    registry.register([changed]);
    const spec = registry.get("get_location")!.spec;
    expect(spec.annotations).toEqual({ readOnlyHint: false });
    expect(spec.permission).toBe("geo.read");
    expect(spec.timeoutSeconds).toBe(30);
  });

  it("refuses a parameters change, naming the tool, the pointer and both values", () => {
    const registry = new ClientToolRegistry();
    const [kept] = registry.register(fromClient([openFileViewer]));
    const changed = fromClient(openFileViewer);
    (changed.parameters.properties.file_path as { type: string }).type = "number";
    let error: unknown;
    try {
      registry.register([changed]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ClientToolSchemaConflictError);
    const conflict = error as ClientToolSchemaConflictError;
    expect(conflict.pointer).toBe("/parameters/properties/file_path/type");
    expect(conflict.registeredValue).toBe("string");
    expect(conflict.newValue).toBe("number");
    expect(conflict.message).toContain('"open_file_viewer"');
    expect(conflict.message).toContain(
      '/parameters/properties/file_path/type the registered spec has "string" and this one has "number"',
    );
    expect(conflict.status).toBe(422);
    expect(registry.get("open_file_viewer")).toBe(kept);
  });

  it("refuses turning a fire-and-forget tool into an awaited one, at /outputSchema", () => {
    const registry = new ClientToolRegistry();
    registry.register(fromClient([confirm]));
    const awaited = {
      ...fromClient(confirm),
      outputSchema: { type: "object", properties: { yes: { type: "boolean" } } },
    };
    expect(() => registry.register([awaited])).toThrow(
      expect.objectContaining({ pointer: "/outputSchema", registeredValue: undefined }),
    );
  });

  it('refuses turning a fire-and-forget tool into one awaited without an outputSchema, at /awaited; "awaited": true beside an outputSchema is the same tool', () => {
    const registry = new ClientToolRegistry();
    registry.register(fromClient([confirm]));
    expect(() => registry.register([{ ...fromClient(confirm), awaited: true }])).toThrow(
      expect.objectContaining({
        pointer: "/awaited",
        registeredValue: false,
        newValue: true,
        message: expect.stringContaining("at /awaited the registered spec has false"),
      }),
    );
    const outputSchema = { type: "object", properties: { yes: { type: "boolean" } } };
    const other = new ClientToolRegistry();
    other.register([{ ...fromClient(confirm), outputSchema }]);
    expect(() => other.register([{ ...fromClient(confirm), outputSchema, awaited: true }])).not.toThrow();
  });

  it("registers nothing from a call whose second of three specs conflicts", () => {
    const registry = new ClientToolRegistry();
    registry.register(fromClient([getLocation]));
    const conflicting = { ...fromClient(getLocation), outputSchema: { type: "object", properties: {} } };
    expect(() => registry.register([fromClient(openFileViewer), conflicting, fromClient(confirm)])).toThrow(
      ClientToolSchemaConflictError,
    );
    expect(names(registry)).toEqual(["get_location"]);
    expect(registry.get("open_file_viewer")).toBeUndefined();
    expect(registry.get("confirm")).toBeUndefined();
  });

  it("treats a key order change and 1 versus 1.0 as the same schema: same identity, same object", () => {
    const registry = new ClientToolRegistry();
    const [first] = registry.register(
      JSON.parse(
        '{"name":"n","description":"d","parameters":{"type":"object","properties":{"x":{"type":"number","minimum":1}},"required":["x"]}}',
      ) as unknown,
    );
    const [second] = registry.register(
      JSON.parse(
        '{"description":"d","parameters":{"required":["x"],"properties":{"x":{"minimum":1.0,"type":"number"}},"type":"object"},"name":"n"}',
      ) as unknown,
    );
    expect(second).toBe(first);
  });

  it("refuses a name given twice in one call, and keeps neither", () => {
    const registry = new ClientToolRegistry();
    const error = (() => {
      try {
        registry.register([fromClient(confirm), fromClient(openFileViewer), fromClient(confirm)]);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ClientToolDuplicateNameError);
    expect((error as ClientToolDuplicateNameError).pointers).toEqual(["/0", "/2"]);
    expect(names(registry)).toEqual([]);
  });

  it("refuses the name of one of the server's own tools", () => {
    const registry = new ClientToolRegistry({ reservedNames: ["bash", "str_replace_editor"] });
    expect(registry.reservedNames.has("bash")).toBe(true);
    expect(() => registry.register([fromClient(confirm), { ...fromClient(confirm), name: "bash" }])).toThrow(
      ClientToolNameCollisionError,
    );
    expect(names(registry)).toEqual([]);
  });

  it('passes over a spec named like one of the server\'s tools with onReservedName: "ignore", registering the others and saying which it ignored', () => {
    const registry = new ClientToolRegistry({ reservedNames: ["bash"], onReservedName: "ignore" });
    const result = registry
      .scope("c1")
      .register({ client_tools: [{ ...fromClient(confirm), name: "Bash" }, fromClient(confirm)] });
    expect(result.map((tool) => tool.name)).toEqual(["confirm"]);
    expect(result.ignored).toEqual([{ name: "Bash", reservedName: "bash", pointer: "/client_tools/0" }]);
    expect(registry.forConversation("c1").get("Bash")).toBeUndefined();
    // Still checked: an invalid spec is refused whatever its name.
    expect(() => registry.scope("c1").register({ name: "bash" })).toThrow(ClientToolInvalidSpecError);
    // The default refuses.
    expect(new ClientToolRegistry({ reservedNames: ["bash"] }).register(fromClient(confirm)).ignored).toEqual([]);
  });

  it.each(["Bash", "BASH", "bash_", "b-a-s-h", "STR-REPLACE-EDITOR", "strreplaceeditor"])(
    "refuses %s, which looks like one of the server's own tools",
    (name) => {
      const registry = new ClientToolRegistry({ reservedNames: ["bash", "str_replace_editor"] });
      const error = (() => {
        try {
          registry.scope("c1").register([{ ...fromClient(confirm), name }]);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ClientToolNameCollisionError);
      expect((error as ClientToolNameCollisionError).status).toBe(422);
      expect((error as Error).message).toMatch(
        /looks like "(bash|str_replace_editor)", one of the server's own tools \(names are compared ignoring case, "-" and "_"\)/,
      );
    },
  );

  it("refuses a client tool whose name looks like another of the conversation's tools, in one registration or across them", () => {
    const registry = new ClientToolRegistry();
    registry.register([{ ...fromClient(confirm), name: "open_file" }]);
    expect(() => registry.scope("c1").register([{ ...fromClient(confirm), name: "OpenFile" }])).toThrow(
      ClientToolLookalikeNameError,
    );
    expect(() =>
      registry.scope("c2").register([
        { ...fromClient(confirm), name: "ask_user" },
        { ...fromClient(confirm), name: "askUser" },
      ]),
    ).toThrow(
      'Client tool "askUser" looks like the client tool "ask_user" (names are compared ignoring case, "-" and "_"): rename one of them.',
    );
    // The same name again is the same tool, not a look-alike.
    expect(registry.scope("c3").register([{ ...fromClient(confirm), name: "open_file" }])).toHaveLength(1);
  });

  it("refuses invalid input with every problem at its pointer, as a 422", () => {
    const registry = new ClientToolRegistry();
    let error: unknown;
    try {
      registry.register({ client_tools: [fromClient(confirm), { name: "bad name", parameters: { type: "array" } }] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ClientToolInvalidSpecError);
    expect(error).toBeInstanceOf(ClientToolRegistrationError);
    const pointers = (error as ClientToolInvalidSpecError).problems.map((p) => p.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(["/client_tools/1/name", "/client_tools/1/description", "/client_tools/1/parameters"]),
    );
    expect(names(registry)).toEqual([]);
  });

  // A spec that is not frozen could change before its first use, so it is checked at once (see deferred.test.ts for
  // frozen ones).
  it("accepts precomputed fingerprints that match, and refuses one that does not, at registration", () => {
    const registry = new ClientToolRegistry();
    const [tool] = registry.register([{ ...fromClient(getLocation), fingerprints: toolFingerprints(getLocation) }]);
    expect(tool!.fingerprints).toEqual(toolFingerprints(getLocation));

    const stale = { ...fromClient(openFileViewer), fingerprints: { parameters: toolFingerprints(confirm).parameters } };
    let error: unknown;
    try {
      registry.register([fromClient(confirm), stale]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ClientToolFingerprintMismatchError);
    expect((error as ClientToolFingerprintMismatchError).pointer).toBe("/1/fingerprints/parameters");
    expect((error as ClientToolFingerprintMismatchError).actual).toBe(toolFingerprints(openFileViewer).parameters);
    expect(names(registry)).toEqual(["get_location"]);
  });

  it("refuses a stale output schema fingerprint as well", () => {
    const registry = new ClientToolRegistry();
    const fingerprints = { ...toolFingerprints(getLocation), outputSchema: toolFingerprints(getLocation).parameters };
    expect(() => registry.register({ ...fromClient(getLocation), fingerprints })).toThrow(
      expect.objectContaining({ name: "ClientToolFingerprintMismatchError", pointer: "/fingerprints/outputSchema" }),
    );
  });

  it("takes back its own specs (tool.spec) without a change", () => {
    const registry = new ClientToolRegistry();
    const tools = registry.register(fromClient([openFileViewer, getLocation]));
    expect(registry.register(tools.map((tool) => tool.spec))).toEqual(tools);
    expect(registry.register(tools.map((tool) => tool.spec))[1]).toBe(tools[1]);
  });
});

describe("ClientToolRegistry.scope", () => {
  it("gives each conversation its own tools, on top of the registry's", () => {
    const registry = new ClientToolRegistry();
    registry.register(fromClient([confirm]));
    const a = registry.scope("conversation-a");
    const b = registry.scope("conversation-b");
    a.register(fromClient([openFileViewer]));
    b.register(fromClient([getLocation]));

    expect(registry.scope("conversation-a")).toBe(a);
    expect(a.conversationId).toBe("conversation-a");
    expect(names(a)).toEqual(["confirm", "open_file_viewer"]);
    expect(names(b)).toEqual(["confirm", "get_location"]);
    expect(b.get("open_file_viewer")).toBeUndefined();
    expect(a.get("confirm")).toBe(registry.get("confirm"));
    expect(registry.get("open_file_viewer")).toBeUndefined();
    expect(names(registry)).toEqual(["confirm"]);
  });

  it("lets two conversations hold one name with different schemas: one conversation cannot lock a name for the others", () => {
    const registry = new ClientToolRegistry();
    const changed = fromClient(openFileViewer);
    changed.parameters.required = [];
    const [inA] = registry.scope("a").register([changed]);
    const [inB] = registry.scope("b").register(fromClient([openFileViewer]));
    expect(inA!.identity).not.toBe(inB!.identity);
    expect(registry.scope("a").get("open_file_viewer")).toBe(inA);
    expect(registry.scope("b").get("open_file_viewer")).toBe(inB);
    // Within a conversation, and against the tools for every conversation, a name keeps its schemas.
    expect(() => registry.scope("a").register(fromClient([openFileViewer]))).toThrow(ClientToolSchemaConflictError);
    registry.register(fromClient([getLocation]));
    const otherLocation = { ...fromClient(getLocation), outputSchema: { type: "object" } };
    expect(() => registry.scope("c").register([otherLocation])).toThrow(ClientToolSchemaConflictError);
  });

  it('holds the name -> identity rule across conversations with names: "registry" (one process-wide registry)', () => {
    const registry = new ClientToolRegistry({ names: "registry" });
    const [inA] = registry.scope("a").register(fromClient([openFileViewer]));
    const [inB] = registry.scope("b").register(fromClient([openFileViewer]));
    expect(inB).toBe(inA);

    const changed = fromClient(openFileViewer);
    changed.parameters.required = [];
    expect(() => registry.scope("c").register([changed])).toThrow(ClientToolSchemaConflictError);
    expect(() => registry.register([changed])).toThrow(ClientToolSchemaConflictError);
    expect(registry.scope("c").list()).toEqual([]);
  });

  it("keeps each conversation's own description", () => {
    const registry = new ClientToolRegistry();
    registry.scope("a").register(fromClient([openFileViewer]));
    registry.scope("b").register([{ ...fromClient(openFileViewer), description: "Show a file." }]);
    expect(registry.scope("a").get("open_file_viewer")!.spec.description).toBe(openFileViewer.description);
    expect(registry.scope("b").get("open_file_viewer")!.spec.description).toBe("Show a file.");
    registry.scope("b").register(fromClient([openFileViewer]));
    expect(registry.scope("b").get("open_file_viewer")!.spec.description).toBe(openFileViewer.description);
  });

  it("lets a conversation re-describe one of the registry's tools, in its own view only", () => {
    const registry = new ClientToolRegistry();
    registry.register(fromClient([confirm, openFileViewer]));
    const scope = registry.scope("a");
    scope.register([{ ...fromClient(confirm), description: "Ask before deleting." }]);
    expect(scope.list().map((tool) => tool.spec.description)).toEqual([
      "Ask before deleting.",
      openFileViewer.description,
    ]);
    expect(registry.get("confirm")!.spec.description).toBe(confirm.description);
  });

  it('frees a name once every conversation holding it is dropped (names: "registry")', () => {
    const registry = new ClientToolRegistry({ names: "registry" });
    const a = registry.scope("a");
    a.register(fromClient([openFileViewer]));
    registry.scope("b").register(fromClient([openFileViewer]));
    const changed = fromClient(openFileViewer);
    changed.parameters.required = [];

    expect(registry.dropScope("a")).toBe(true);
    expect(registry.dropScope("a")).toBe(false);
    expect(() => registry.scope("c").register([changed])).toThrow(ClientToolSchemaConflictError);
    registry.dropScope("b");
    expect(registry.scope("c").register([changed])[0]!.spec.parameters["required"]).toEqual([]);
    expect(() => a.register(fromClient([confirm]))).toThrow(/dropped/);
    expect(registry.scope("a").list()).toEqual([]);
  });

  it("never frees a name the registry itself holds", () => {
    const registry = new ClientToolRegistry();
    registry.register(fromClient([openFileViewer]));
    registry.scope("a").register(fromClient([openFileViewer]));
    registry.dropScope("a");
    const changed = fromClient(openFileViewer);
    changed.parameters.required = [];
    expect(() => registry.scope("b").register([changed])).toThrow(ClientToolSchemaConflictError);
  });

  it("snapshots a conversation as { client_tools }, which registers as is in a fork", () => {
    const registry = new ClientToolRegistry();
    const tools = registry.scope("a").register(fromClient([openFileViewer, getLocation]));
    const snapshot = registry.scope("a").snapshot();
    expect(snapshot.client_tools.map((spec) => spec.name)).toEqual(["open_file_viewer", "get_location"]);
    const forked = registry.scope("fork").register(snapshot);
    expect(forked).toEqual(tools);
    expect(registry.scope("after-restart").register(fromClient(snapshot))[1]!.identity).toBe(tools[1]!.identity);
    // With one registry-wide identity per name, the fork gets the very same registrations.
    const shared = new ClientToolRegistry({ names: "registry" });
    const sharedTools = shared.scope("a").register(fromClient([openFileViewer, getLocation]));
    expect(shared.scope("fork").register(shared.scope("a").snapshot())[0]).toBe(sharedTools[0]);
  });
});

describe("ClientToolRegistry snapshot and restore", () => {
  function populated(): ClientToolRegistry {
    const registry = new ClientToolRegistry({ reservedNames: ["bash"] });
    registry.register(fromClient([confirm]));
    registry.scope("a").register(fromClient([openFileViewer]));
    registry.scope("b").register([{ ...fromClient(getLocation), description: "Where is the user?" }]);
    registry.scope("empty");
    return registry;
  }

  it("round-trips through JSON", () => {
    const registry = populated();
    const json = JSON.parse(JSON.stringify(registry.snapshot())) as unknown;
    expect(json).toEqual(registry.snapshot());

    const restored = ClientToolRegistry.restore(json);
    expect(restored.snapshot()).toEqual(registry.snapshot());
    expect([...restored.reservedNames]).toEqual(["bash"]);
    expect(restored.list().map((t) => t.identity)).toEqual(registry.list().map((t) => t.identity));
    for (const id of ["a", "b"]) {
      expect(restored.scope(id).list()).toEqual(registry.scope(id).list());
    }
    expect(restored.scope("b").get("get_location")!.spec.description).toBe("Where is the user?");
  });

  it("is plain data: specs with fingerprints, no empty scopes", () => {
    const snapshot = populated().snapshot();
    expect(snapshot.version).toBe(1);
    expect(snapshot.client_tools).toEqual([{ ...confirm, fingerprints: toolFingerprints(confirm) }]);
    expect(snapshot.scopes.map((scope) => scope.conversationId)).toEqual(["a", "b"]);
  });

  it("keeps the rules on restore: the running server's reserved names, and fingerprints checked", () => {
    const json = fromClient(populated().snapshot());
    expect(() => ClientToolRegistry.restore(json, { reservedNames: ["confirm"] })).toThrow(
      ClientToolNameCollisionError,
    );

    const tampered = fromClient(json) as unknown as { scopes: { client_tools: { parameters: JsonObject }[] }[] };
    tampered.scopes[0]!.client_tools[0]!.parameters = { type: "object" };
    expect(() => ClientToolRegistry.restore(tampered)).toThrow(ClientToolFingerprintMismatchError);
  });

  it.each([
    [null, "/ must be an object"],
    [{ version: 2 }, "/version must be 1"],
    [{ version: 1, reservedNames: [1], client_tools: [], scopes: [] }, "/reservedNames/0 must be a string"],
    [{ version: 1, reservedNames: [], client_tools: {}, scopes: [] }, "/client_tools must be an array"],
    [
      { version: 1, reservedNames: [], client_tools: [], scopes: [{ client_tools: [] }] },
      "/scopes/0/conversationId must be a string",
    ],
  ])("refuses what is not a snapshot (%j)", (json, message) => {
    expect(() => ClientToolRegistry.restore(json)).toThrow(
      new TypeError(`Not a client tool registry snapshot: ${message}.`),
    );
  });
});
