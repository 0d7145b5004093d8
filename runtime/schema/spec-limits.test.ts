import { describe, expect, it } from "vitest";
import { invalidSpecRefusal } from "../registry/__fixtures__/refusal.js";
import { ClientToolRegistry } from "../registry/registry.js";

const spec = (parameters: object) => ({ client_tools: [{ name: "t", description: "T.", parameters }] });
const manyProperties = (n: number) => ({
  type: "object",
  properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string" }])),
});

describe("limits on specs a client sends", () => {
  it.each([
    [
      "an enum past maxEnumValues",
      { type: "object", properties: { e: { enum: Array.from({ length: 1001 }, (_, i) => i) } } },
      "/client_tools/0/parameters/properties/e/enum",
      /enum of 1001 values is over the limit of 1000/,
    ],
    [
      "properties past maxProperties",
      manyProperties(1001),
      "/client_tools/0/parameters/properties",
      /1001 properties are over the limit of 1000/,
    ],
  ])("refuses %s with 422, naming the limit", (_what, parameters, pointer, message) => {
    const refusal = invalidSpecRefusal(() => new ClientToolRegistry().scope("c1").register(spec(parameters)));
    expect(refusal.problems.map((p) => p.pointer)).toEqual([pointer]);
    expect(refusal.problems[0]!.message).toMatch(message);
  });

  it("refuses a schema of more schema objects than maxSchemaNodes", () => {
    const parameters = {
      type: "object",
      properties: { a: manyProperties(600), b: manyProperties(600), c: manyProperties(600), d: manyProperties(600) },
    };
    const refusal = invalidSpecRefusal(() =>
      new ClientToolRegistry({ limits: { maxSchemaNodes: 2000 } }).scope("c1").register(spec(parameters)),
    );
    expect(refusal.problems).toEqual([
      {
        pointer: "/client_tools/0/parameters",
        message: expect.stringMatching(/has 2405 schema objects, over the limit of 2000/),
      },
    ]);
  });

  it("refuses a spec past maxSpecBytes, and takes it when the limit is raised", () => {
    const big = spec({ type: "object", description: "x".repeat(300 * 1024) });
    const refusal = invalidSpecRefusal(() => new ClientToolRegistry().scope("c1").register(big));
    expect(refusal.problems).toEqual([
      {
        pointer: "/client_tools/0",
        message: expect.stringMatching(/over the limit of 262144 for specs sent at run time/),
      },
    ]);
    expect(new ClientToolRegistry({ limits: { maxSpecBytes: 1024 * 1024 } }).scope("c1").register(big)).toHaveLength(1);
  });
});
