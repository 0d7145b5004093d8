import { describe, expect, it } from "vitest";
import * as browser from "../browser.js";
import * as server from "../index.js";
import { invalidSpecRefusal } from "./__fixtures__/refusal.js";
import { ClientToolInvalidSpecError } from "./errors.js";

const broken = { name: "t", description: "T.", parameters: { type: "object", properties: { a: { type: "numbr" }, b: { type: "string", pattern: "((" } } } };

describe("the server entry's registry", () => {
  it("refuses a client spec its draft's meta-schema refuses, with 422 and the pointers; the browser's, without ajv, sees what its tables see", () => {
    const refusal = invalidSpecRefusal(() => new server.ClientToolRegistry().scope("c1").register({ client_tools: [broken] }));
    expect(refusal.problems.map((p) => p.pointer)).toEqual(["/client_tools/0/parameters/properties/a/type", "/client_tools/0/parameters/properties/b/pattern"]);
    const browserRefusal = invalidSpecRefusal(() => new browser.ClientToolRegistry().scope("c1").register({ client_tools: [broken] }));
    // "((" is no pattern the linear-time engine compiles; "numbr" only a meta-schema refuses.
    expect(browserRefusal.problems.map((p) => p.pointer)).toEqual(["/client_tools/0/parameters/properties/b/pattern"]);
    expect(server.ClientToolRegistry).not.toBe(browser.ClientToolRegistry);
    expect(new server.ClientToolRegistry()).toBeInstanceOf(browser.ClientToolRegistry);
  });

  it("checks restored snapshots the same way, and keeps generated specs on their fast path", () => {
    const registry = server.ClientToolRegistry.restore({ version: 1, reservedNames: ["bash"], client_tools: [], scopes: [] });
    expect(registry).toBeInstanceOf(server.ClientToolRegistry);
    expect(() => registry.scope("c1").register({ client_tools: [broken] })).toThrow(ClientToolInvalidSpecError);
  });
});
