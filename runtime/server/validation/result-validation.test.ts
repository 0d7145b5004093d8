import { Ajv2020 } from "ajv/dist/2020.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DECIMAL_CASES } from "../../../test-support/decimal-cases.js";
import { schemaFingerprint } from "../../fingerprint/fingerprint.js";
import { markServerAuthored } from "../../registry/server-authored.js";
import type { JsonObject } from "../../util/json.js";
import { MAX_REPORTED_PROBLEMS } from "../../wire/validation.js";
import { type AwaitedSpec, createResultChecker } from "./result-validation.js";

afterEach(() => {
  vi.restoreAllMocks();
});

function tool(name: string, outputSchema: JsonObject): AwaitedSpec {
  return { name, description: name, parameters: { type: "object" }, outputSchema };
}

describe("createResultChecker", () => {
  it("validates with draft 2020-12 unless the schema declares draft-07", async () => {
    const check = createResultChecker(undefined);
    const modern = tool("modern", { type: "object", dependentRequired: { street: ["city"] } });
    const legacy = tool("legacy", {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      dependencies: { street: ["city"] },
    });

    expect(await check(modern, undefined, { street: "Rue 1" })).toEqual([
      { pointer: "/city", message: "must have property city when property street is present" },
    ]);
    expect(await check(legacy, undefined, { street: "Rue 1" })).toEqual([
      { pointer: "/city", message: "must have property city when property street is present" },
    ]);
    expect(await check(legacy, undefined, { street: "Rue 1", city: "Lyon" })).toBeUndefined();
  });

  it.each(DECIMAL_CASES)("takes %d's multiples as decimals: %d is one: %s", async (multipleOf, value, isMultiple) => {
    const check = createResultChecker(undefined);
    const problems = await check(
      tool("price", { type: "object", properties: { price: { type: "number", multipleOf } } }),
      undefined,
      { price: value },
    );
    expect(problems === undefined).toBe(isMultiple);
  });

  it("checks formats", async () => {
    const check = createResultChecker(undefined);
    const contact = tool("contact", { type: "object", properties: { email: { type: "string", format: "email" } } });

    expect(await check(contact, undefined, { email: "not an email" })).toEqual([
      { pointer: "/email", message: 'must match format "email"' },
    ]);
    expect(await check(contact, undefined, { email: "a@example.com" })).toBeUndefined();
  });

  it("compiles a schema once per fingerprint, however many tools share it", async () => {
    const compile = vi.spyOn(Ajv2020.prototype, "compile");
    const check = createResultChecker(undefined);
    const schema: JsonObject = { type: "object", properties: { ok: { type: "boolean" } } };
    const fingerprint = schemaFingerprint(schema);

    await check(tool("a", schema), fingerprint, { ok: true });
    await check(tool("b", { properties: { ok: { type: "boolean" } }, type: "object" }), fingerprint, { ok: true });
    await check(tool("a", schema), undefined, { ok: true });
    expect(compile).toHaveBeenCalledOnce();
  });

  it("keeps tools whose schemas share an $id apart", async () => {
    const check = createResultChecker(undefined);
    const first = tool("first", { $id: "https://example.com/result", type: "string" });
    const second = tool("second", { $id: "https://example.com/result", type: "number" });

    expect(await check(first, schemaFingerprint(first.outputSchema), "text")).toBeUndefined();
    expect(await check(second, schemaFingerprint(second.outputSchema), 1)).toBeUndefined();
    expect(await check(second, schemaFingerprint(second.outputSchema), "text")).toEqual([
      { pointer: "", message: "must be number" },
    ]);
  });

  it('compiles a recursive root ($ref: "#") without an $id', async () => {
    const check = createResultChecker(undefined);
    const tree = tool("tree", { type: "object", properties: { child: { $ref: "#" }, n: { type: "number" } } });

    expect(await check(tree, undefined, { child: { child: { n: 1 } } })).toBeUndefined();
    expect(await check(tree, undefined, { child: { n: "x" } })).toEqual([
      { pointer: "/child/n", message: "must be number" },
    ]);
  });

  it("prints nothing about a schema, however hostile its text (an unknown format is ignored quietly)", async () => {
    const warn = vi.spyOn(console, "warn");
    const log = vi.spyOn(console, "log");
    const check = createResultChecker(undefined);
    const hostile = tool("hostile", {
      type: "object",
      properties: { a: { type: "string", format: "x\u001b[31m\nforged log line" } },
    });

    expect(await check(hostile, undefined, { a: "s" })).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it("points at the property itself for required and additionalProperties, escaping the pointer", async () => {
    const check = createResultChecker(undefined);
    const strict = tool("strict", {
      type: "object",
      required: ["a/b"],
      additionalProperties: false,
      properties: { "a/b": {} },
    });

    expect(await check(strict, undefined, { "x~y": 1 })).toEqual([
      { pointer: "/a~1b", message: "must have required property 'a/b'" },
      { pointer: "/x~0y", message: "must NOT have additional properties" },
    ]);
  });

  it("reports at most MAX_REPORTED_PROBLEMS problems", async () => {
    const check = createResultChecker(undefined);
    const numbers = tool("numbers", { type: "array", items: { type: "number" } });

    expect(
      await check(
        numbers,
        undefined,
        Array.from({ length: 500 }, () => "x"),
      ),
    ).toHaveLength(MAX_REPORTED_PROBLEMS);
  });

  it("uses a precompiled validator for the server's own tool, and compiles nothing", async () => {
    const compile = vi.spyOn(Ajv2020.prototype, "compile");
    const refuse = Object.assign(() => false, { errors: null });
    const check = createResultChecker({ anything: { result: refuse } });
    const own = tool("anything", {});
    markServerAuthored(own);

    expect(await check(own, undefined, 1)).toEqual([{ pointer: "", message: "is invalid" }]);
    expect(compile).not.toHaveBeenCalled();
  });

  it("never checks a client's tool of the same name with the server's precompiled validator", async () => {
    const refuse = Object.assign(() => false, { errors: null });
    const check = createResultChecker({ anything: { result: refuse } });
    expect(await check(tool("anything", { type: "number" }), undefined, 1)).toBeUndefined();
    expect(await check(tool("anything", { type: "number" }), undefined, "one")).toEqual([
      { pointer: "", message: "must be number" },
    ]);
  });
});
