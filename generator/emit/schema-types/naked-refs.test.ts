import type { JsonObject } from "@gen-client-tools/runtime/core";
import { describe, expect, it } from "vitest";
import { typecheck } from "../../../test-support/typecheck.js";
import { emitSchemaTypes } from "./index.js";
import { nakedRef, resolveNakedRefs } from "./naked-refs.js";

describe("resolveNakedRefs", () => {
  it("writes names back where there is no cycle", () => {
    const bodies = new Map([
      ["A", `${nakedRef("B")} | string`],
      ["B", "number"],
    ]);
    expect(resolveNakedRefs(bodies, ["A", "B"])).toEqual(
      new Map([
        ["A", "B | string"],
        ["B", "number"],
      ]),
    );
  });

  it("cuts the edge that closes a cycle, found from the first name in order", () => {
    const bodies = new Map([
      ["A", `${nakedRef("B")} & { a: 1 }`],
      ["B", `${nakedRef("C")} | null`],
      ["C", `${nakedRef("A")} | ${nakedRef("B")}`],
    ]);
    expect(resolveNakedRefs(bodies, ["A", "B", "C"])).toEqual(
      new Map([
        ["A", "B & { a: 1 }"],
        ["B", "C | null"],
        ["C", "unknown | unknown"],
      ]),
    );
  });

  it("cuts a self-reference", () => {
    expect(resolveNakedRefs(new Map([["A", nakedRef("A")]]), ["A"]).get("A")).toBe("unknown");
  });

  it("handles a chain far longer than the call stack would allow", () => {
    const n = 20_000;
    const bodies = new Map(
      Array.from({ length: n }, (_, i) => [`T${i}`, i + 1 < n ? nakedRef(`T${i + 1}`) : nakedRef("T0")]),
    );
    const resolved = resolveNakedRefs(bodies, [...bodies.keys()]);
    expect(resolved.get("T0")).toBe("T1");
    expect(resolved.get(`T${n - 1}`)).toBe("unknown");
  });
});

describe("cycles TypeScript cannot express", () => {
  const R = { rootName: "R", defPrefix: "R" };
  // Each with an instance the schema accepts (ajv cannot say: it recurses forever on these).
  const cases: [string, JsonObject, string][] = [
    ["a definition that is its own reference", { $ref: "#/$defs/a", $defs: { a: { $ref: "#/$defs/a" } } }, "1"],
    [
      "a root that is its own allOf member",
      { type: "object", properties: { x: { type: "string" } }, allOf: [{ $ref: "#" }] },
      '{ x: "a" }',
    ],
    ["a root that is its own anyOf member", { anyOf: [{ type: "string" }, { $ref: "#" }] }, '"s"'],
    [
      "mutually recursive unions and intersections",
      {
        $ref: "#/$defs/a",
        $defs: {
          a: { anyOf: [{ $ref: "#/$defs/b" }, { type: "null" }] },
          b: { allOf: [{ $ref: "#/$defs/a" }, { type: "string" }] },
        },
      },
      "null",
    ],
    [
      "a cycle through an inlined pointer",
      {
        $ref: "#/$defs/a",
        $defs: { a: { anyOf: [{ $ref: "#/$defs/a/$defs/in" }], $defs: { in: { oneOf: [{ $ref: "#/$defs/a" }] } } } },
      },
      "[]",
    ],
  ];

  it.each(cases)("compiles %s, with unknown where the cycle was", (_, schema, instance) => {
    const { code } = emitSchemaTypes(schema, R);
    expect(code).toContain("unknown");
    expect(typecheck({ "/gen/types.ts": `${code}export const x: R = ${instance};\n` })).toEqual([]);
  });

  it("keeps recursion that TypeScript defers", () => {
    const schema: JsonObject = {
      $ref: "#/$defs/node",
      $defs: {
        node: {
          type: "object",
          properties: {
            next: { $ref: "#/$defs/node" },
            list: { type: "array", items: { $ref: "#/$defs/node" } },
            pair: { type: "array", prefixItems: [{ $ref: "#/$defs/node" }], items: false },
          },
          additionalProperties: { $ref: "#/$defs/node" },
        },
        json: {
          anyOf: [
            { type: "string" },
            { type: "array", items: { $ref: "#/$defs/json" } },
            { type: "object", additionalProperties: { $ref: "#/$defs/json" } },
          ],
        },
      },
      type: "object",
      properties: { j: { $ref: "#/$defs/json" } },
      additionalProperties: false,
    };
    const { code } = emitSchemaTypes(schema, R);
    expect(code).not.toContain("unknown");
    expect(
      typecheck({
        "/gen/types.ts": `${code}export const n: R_node = { next: { list: [{}] }, other: { pair: [{}] } };\n`,
      }),
    ).toEqual([]);
  });
});
