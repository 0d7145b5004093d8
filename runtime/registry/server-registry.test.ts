import { describe, expect, it } from "vitest";
import * as server from "../server.js";
import { invalidSpecRefusal } from "./__fixtures__/refusal.js";
import { ClientToolInvalidSpecError } from "./errors.js";
import * as table from "./registry.js";

const broken = {
  name: "t",
  description: "T.",
  parameters: { type: "object", properties: { a: { type: "numbr" }, b: { type: "string", pattern: "((" } } },
};

describe("the server entry's registry", () => {
  it("refuses a client spec its draft's meta-schema refuses, with 422 and the pointers; the table-driven one, without ajv, sees what its tables see", () => {
    const refusal = invalidSpecRefusal(() =>
      new server.ClientToolRegistry().scope("c1").register({ client_tools: [broken] }),
    );
    expect(refusal.problems.map((p) => p.pointer)).toEqual([
      "/client_tools/0/parameters/properties/a/type",
      "/client_tools/0/parameters/properties/b/pattern",
    ]);
    const tableRefusal = invalidSpecRefusal(() =>
      new table.ClientToolRegistry().scope("c1").register({ client_tools: [broken] }),
    );
    // "((" is no pattern the linear-time engine compiles; "numbr" only a meta-schema refuses.
    expect(tableRefusal.problems.map((p) => p.pointer)).toEqual(["/client_tools/0/parameters/properties/b/pattern"]);
    expect(server.ClientToolRegistry).not.toBe(table.ClientToolRegistry);
    expect(new server.ClientToolRegistry()).toBeInstanceOf(table.ClientToolRegistry);
  });

  it("checks restored snapshots the same way, and keeps generated specs on their fast path", () => {
    const registry = server.ClientToolRegistry.restore({
      version: 1,
      reservedNames: ["bash"],
      client_tools: [],
      scopes: [],
    });
    expect(registry).toBeInstanceOf(server.ClientToolRegistry);
    expect(() => registry.scope("c1").register({ client_tools: [broken] })).toThrow(ClientToolInvalidSpecError);
  });
});
