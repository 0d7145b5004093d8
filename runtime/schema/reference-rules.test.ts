import { describe, expect, it } from "vitest";
import { ClientToolInvalidSpecError } from "../registry/errors.js";
import { ClientToolRegistry } from "../registry/registry.js";

/** What registering one client spec with these parameters refuses: pointer and message. */
function refused(parameters: object): { pointer: string; message: string }[] {
  try {
    new ClientToolRegistry().scope("c1").register({ client_tools: [{ name: "t", description: "T.", parameters }] });
  } catch (error) {
    if (error instanceof ClientToolInvalidSpecError)
      return error.problems.map(({ pointer, message }) => ({ pointer, message }));
    throw error;
  }
  return [];
}

describe("reference rules for specs a client sends, at registration (422), not at the first answer (500)", () => {
  it.each([
    [
      "a draft this project does not support",
      { $schema: "http://json-schema.org/draft-04/schema#", type: "object" },
      "/client_tools/0/parameters/$schema",
      /^unsupported \$schema/,
    ],
    [
      "a remote $ref",
      { type: "object", properties: { a: { $ref: "https://example.com/x.json" } } },
      "/client_tools/0/parameters/properties/a/$ref",
      /names another document, which is never fetched/,
    ],
    [
      "a relative file $ref",
      { type: "object", properties: { a: { $ref: "./other.json#/x" } } },
      "/client_tools/0/parameters/properties/a/$ref",
      /names another document/,
    ],
    [
      "a local $ref that leads nowhere",
      { type: "object", properties: { a: { $ref: "#/$defs/missing" } } },
      "/client_tools/0/parameters/properties/a/$ref",
      /^unresolvable \$ref "#\/\$defs\/missing"/,
    ],
    [
      "an anchor, whose cycles the rules cannot follow",
      { type: "object", $defs: { a: { $anchor: "a" } } },
      "/client_tools/0/parameters/$defs/a/$anchor",
      /may not use "\$anchor"/,
    ],
    [
      "a dynamic reference",
      { type: "object", properties: { a: { $dynamicRef: "#meta" } } },
      "/client_tools/0/parameters/properties/a/$dynamicRef",
      /may not use "\$dynamicRef"/,
    ],
    [
      "an $id ajv cannot resolve against",
      { $id: "urn:x", type: "object", properties: { a: { $ref: "#" } } },
      "/client_tools/0/parameters/$id",
      /may not use "\$id"/,
    ],
  ])("refuses %s", (_what, parameters, pointer, message) => {
    const problems = refused(parameters);
    expect(problems.map((p) => p.pointer)).toEqual([pointer]);
    expect(problems[0]!.message).toMatch(message);
  });

  it("refuses a reference to an anchor, naming the pointer form to use", () => {
    expect(refused({ type: "object", properties: { x: { $ref: "#node" } } })).toEqual([
      {
        pointer: "/client_tools/0/parameters/properties/x/$ref",
        message:
          '$ref "#node" names an anchor: a spec sent at run time refers to definitions by pointer, "#/$defs/<name>"',
      },
    ]);
  });

  it("accepts local references that resolve, recursive ones included", () => {
    expect(
      refused({
        type: "object",
        $defs: { p: { type: "object", properties: { x: { type: "number" } } } },
        properties: { at: { $ref: "#/$defs/p" }, self: { $ref: "#" } },
      }),
    ).toEqual([]);
  });
});
