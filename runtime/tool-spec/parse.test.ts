import { describe, expect, it } from "vitest";
import type { JsonValue } from "../util/json.js";
import { ClientToolSpecError } from "./errors.js";
import { checkClientToolSpecs, parseClientToolSpec, parseClientToolSpecs } from "./parse.js";
import { MAX_SCHEMA_DEPTH } from "./schema-depth.js";
import { clientToolMode } from "./tool-mode.js";

const base = { name: "open_file_viewer", description: "Open a file viewer panel." };

function problemsOf(input: unknown): { pointer: string; message: string }[] {
  return [...checkClientToolSpecs(input).problems];
}

describe("parseClientToolSpecs", () => {
  it("accepts one spec, an array, and a manifest", () => {
    expect(parseClientToolSpecs(base).map((s) => s.name)).toEqual(["open_file_viewer"]);
    expect(parseClientToolSpecs([base, { ...base, name: "b" }]).map((s) => s.name)).toEqual(["open_file_viewer", "b"]);
    expect(parseClientToolSpecs({ client_tools: [base] }).map((s) => s.name)).toEqual(["open_file_viewer"]);
  });

  it("defaults parameters to the empty object schema and carries inputSchema as parameters", () => {
    expect(parseClientToolSpec(base).parameters).toEqual({ type: "object", properties: {} });
    const schema = { type: "object", properties: { x: { type: "number" } } };
    const spec = parseClientToolSpec({ ...base, inputSchema: schema });
    expect(spec.parameters).toEqual(schema);
    expect("inputSchema" in spec).toBe(false);
  });

  it("returns deep-frozen copies and leaves the caller's objects unfrozen", () => {
    const schema = { type: "object", properties: { x: { type: "number" } } };
    const spec = parseClientToolSpec({ ...base, parameters: schema });
    expect(Object.isFrozen(spec)).toBe(true);
    expect(Object.isFrozen((spec.parameters["properties"] as Record<string, unknown>)["x"])).toBe(true);
    expect(Object.isFrozen(schema)).toBe(false);
  });

  it("reuses input that is already deep-frozen", () => {
    const parameters = Object.freeze({ type: "object", properties: Object.freeze({}) });
    expect(parseClientToolSpec({ ...base, parameters }).parameters).toBe(parameters);
  });

  it("copies a frozen object whose children are not frozen", () => {
    const inner = { type: "string" };
    const parameters = Object.freeze({ type: "object", properties: Object.freeze({ a: inner }) });
    const parsed = parseClientToolSpec({ ...base, parameters }).parameters;
    expect(parsed).toEqual(parameters);
    expect(Object.isFrozen((parsed["properties"] as Record<string, object>)["a"])).toBe(true);
    expect(Object.isFrozen(inner)).toBe(false);
  });

  it("keeps a property named __proto__ as a plain key", () => {
    const parameters = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as unknown;
    const spec = parseClientToolSpec({ ...base, parameters });
    const properties = spec.parameters["properties"] as object;
    expect(Object.keys(properties)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
  });

  it("throws ClientToolSpecError listing every problem", () => {
    const error = (() => {
      try {
        parseClientToolSpecs([{ name: "bad name", description: "" }, { name: "ok" }]);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ClientToolSpecError);
    expect((error as ClientToolSpecError).problems.map((p) => p.pointer)).toEqual([
      "/0/name",
      "/0/description",
      "/1/description",
    ]);
  });
});

describe("spec rules", () => {
  it("names the nearest known key for an unknown key", () => {
    expect(problemsOf({ ...base, input_schema: { type: "object" } })).toEqual([
      { pointer: "/input_schema", message: 'unknown spec key "input_schema": did you mean "parameters"?' },
    ]);
    expect(problemsOf({ ...base, descripton: "x" })[0]?.message).toContain('did you mean "description"?');
    expect(problemsOf({ ...base, timeout_seconds: 3 })[0]?.message).toContain('did you mean "timeoutSeconds"?');
  });

  it("rejects invalid names", () => {
    for (const name of ["", "1abc", "a b", "x".repeat(65), "a.b"]) {
      expect(problemsOf({ ...base, name })[0]?.pointer).toBe("/name");
    }
    for (const name of ["a", "_", "set-theme", "x".repeat(64), "A_b-9"]) {
      expect(problemsOf({ ...base, name })).toEqual([]);
    }
  });

  it("requires an object-schema root for parameters and outputSchema", () => {
    expect(problemsOf({ ...base, parameters: { type: "string" } })[0]).toMatchObject({ pointer: "/parameters" });
    expect(problemsOf({ ...base, parameters: true })[0]?.message).toContain('{"type": "object"');
    expect(problemsOf({ ...base, outputSchema: { properties: {} } })[0]).toMatchObject({ pointer: "/outputSchema" });
  });

  it("refuses parameters and inputSchema together", () => {
    const problems = problemsOf({ ...base, parameters: { type: "object" }, inputSchema: { type: "object" } });
    expect(problems).toEqual([
      { pointer: "/inputSchema", message: '"parameters" and "inputSchema" are the same thing: keep one of them' },
    ]);
  });

  it("checks annotations, permission, timeoutSeconds, maxAttempts", () => {
    expect(problemsOf({ ...base, annotations: { readonlyHint: true } })[0]?.message).toContain(
      'did you mean "readOnlyHint"?',
    );
    expect(problemsOf({ ...base, annotations: { readOnlyHint: "yes" } })[0]?.pointer).toBe("/annotations/readOnlyHint");
    expect(problemsOf({ ...base, permission: "" })[0]?.pointer).toBe("/permission");
    expect(problemsOf({ ...base, timeoutSeconds: 0 })[0]?.pointer).toBe("/timeoutSeconds");
    expect(problemsOf({ ...base, maxAttempts: 1.5 })[0]?.pointer).toBe("/maxAttempts");
    expect(
      problemsOf({
        ...base,
        annotations: { title: "T", idempotentHint: true },
        permission: "ui.confirm",
        timeoutSeconds: 1.5,
        maxAttempts: 3,
      }),
    ).toEqual([]);
  });

  it('takes a recovery policy, and "redispatch" only for a tool that says running it twice is harmless', () => {
    expect(problemsOf({ ...base, recovery: "wait" })).toEqual([]);
    expect(problemsOf({ ...base, recovery: "settle" })).toEqual([]);
    expect(problemsOf({ ...base, recovery: "redispatch", annotations: { readOnlyHint: true } })).toEqual([]);
    expect(problemsOf({ ...base, recovery: "redispatch", annotations: { idempotentHint: true } })).toEqual([]);
    for (const annotations of [undefined, { idempotentHint: false }, { destructiveHint: true }]) {
      expect(problemsOf({ ...base, recovery: "redispatch", ...(annotations && { annotations }) })).toEqual([
        {
          pointer: "/recovery",
          message: expect.stringContaining(
            'only for a tool annotated {"idempotentHint": true} or {"readOnlyHint": true}',
          ),
        },
      ]);
    }
    expect(problemsOf({ ...base, recovery: "retry" })).toEqual([
      {
        pointer: "/recovery",
        message: '"recovery" must be one of "wait", "redispatch", "settle", got the string "retry"',
      },
    ]);
    expect(problemsOf({ ...base, onRestart: "wait" })[0]?.message).toContain('did you mean "recovery"?');
  });

  it('takes "awaited": true without an outputSchema, and refuses "awaited": false beside one', () => {
    const outputSchema = { type: "object", properties: {} };
    expect(problemsOf({ ...base, awaited: true })).toEqual([]);
    expect(problemsOf({ ...base, awaited: true, outputSchema })).toEqual([]);
    expect(problemsOf({ ...base, awaited: false })).toEqual([]);
    expect(problemsOf({ ...base, awaited: false, outputSchema })).toEqual([
      { pointer: "/awaited", message: expect.stringContaining('a tool with an "outputSchema" is awaited') },
    ]);
    expect(problemsOf({ ...base, awaited: "yes" })[0]?.pointer).toBe("/awaited");
  });

  it("takes a private input: an object schema and a JSON object response, and nothing that would send the value elsewhere", () => {
    const privateInput = {
      schema: { type: "object", properties: { token: { type: "string" } }, required: ["token"] },
      response: { status: "connected" },
    };
    const spec = parseClientToolSpec({ ...base, privateInput });
    expect(spec.privateInput).toEqual(privateInput);
    expect(Object.isFrozen(spec.privateInput?.response)).toBe(true);
    expect(clientToolMode(spec)).toEqual({ mode: "private-input", privateInput });
    expect(problemsOf({ ...base, privateInput, outputSchema: { type: "object" } })).toEqual([
      { pointer: "/outputSchema", message: expect.stringContaining('has no "outputSchema"') },
    ]);
    expect(problemsOf({ ...base, privateInput, awaited: true })).toEqual([
      { pointer: "/awaited", message: expect.stringContaining('remove "awaited"') },
    ]);
    expect(
      problemsOf({ ...base, privateInput, recovery: "redispatch", annotations: { idempotentHint: true } }),
    ).toEqual([
      { pointer: "/recovery", message: expect.stringContaining("would ask the user for the private input again") },
    ]);
    expect(problemsOf({ ...base, privateInput, recovery: "settle" })).toEqual([]);
    expect(problemsOf({ ...base, privateInput: { ...privateInput, schema: { type: "string" } } })[0]?.pointer).toBe(
      "/privateInput/schema",
    );
    expect(problemsOf({ ...base, privateInput: { ...privateInput, response: "connected" } })[0]?.pointer).toBe(
      "/privateInput/response",
    );
    expect(problemsOf({ ...base, privateInput: { schema: privateInput.schema } })[0]?.pointer).toBe(
      "/privateInput/response",
    );
    expect(problemsOf({ ...base, privateInput: { ...privateInput, respons: {} } })[0]).toEqual({
      pointer: "/privateInput/respons",
      message: expect.stringContaining('did you mean "response"'),
    });
    expect(problemsOf({ ...base, privateInput: true })[0]?.pointer).toBe("/privateInput");
  });

  it("keeps a deep-frozen private input as it is", () => {
    const frozen = parseClientToolSpec({
      ...base,
      privateInput: { schema: { type: "object" }, response: { ok: true } },
    });
    expect(parseClientToolSpec(frozen).privateInput).toBe(frozen.privateInput);
  });

  it("keeps absent annotations absent", () => {
    expect("annotations" in parseClientToolSpec(base)).toBe(false);
  });

  it("checks precomputed fingerprints' shape", () => {
    const hex = "a".repeat(64);
    expect(problemsOf({ ...base, fingerprints: { parameters: hex } })).toEqual([]);
    expect(problemsOf({ ...base, fingerprints: { parameters: "nope" } })[0]?.pointer).toBe("/fingerprints/parameters");
    expect(problemsOf({ ...base, fingerprints: { parameters: hex, outputSchema: hex } })[0]?.pointer).toBe(
      "/fingerprints/outputSchema",
    );
    const privateInput = { schema: { type: "object" }, response: {} };
    expect(problemsOf({ ...base, privateInput, fingerprints: { parameters: hex, privateInput: hex } })).toEqual([]);
    expect(problemsOf({ ...base, privateInput, fingerprints: { parameters: hex } })[0]?.pointer).toBe(
      "/fingerprints/privateInput",
    );
    // Earlier versions proved compatible, as a page's contract names them.
    const compatible = [`f~${"b".repeat(12)}`, `a~${"c".repeat(12)}~${"d".repeat(12)}`];
    expect(problemsOf({ ...base, fingerprints: { parameters: hex, compatible } })).toEqual([]);
    for (const wrong of [["x~1"], "f~bbbbbbbbbbbb", Array.from({ length: 17 }, () => compatible[0])])
      expect(problemsOf({ ...base, fingerprints: { parameters: hex, compatible: wrong } })).toEqual([
        expect.objectContaining({
          pointer: "/fingerprints/compatible",
          message: expect.stringContaining("at most 16"),
        }),
      ]);
  });

  it("reports values JSON cannot hold at their pointer", () => {
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic["properties"] = { self: cyclic };
    expect(problemsOf({ ...base, parameters: cyclic })[0]?.pointer).toBe("/parameters/properties/self");
    expect(problemsOf({ ...base, parameters: { type: "object", maximum: Infinity } })[0]?.pointer).toBe(
      "/parameters/maximum",
    );
    expect(problemsOf({ ...base, parameters: { type: "object", default: () => 1 } })[0]?.pointer).toBe(
      "/parameters/default",
    );
    expect(problemsOf({ ...base, parameters: { type: "object", default: new Date() } })[0]?.pointer).toBe(
      "/parameters/default",
    );
  });

  it("refuses, at run time too, $ref cycles that never step into the value and schemas nested too deep", () => {
    const cycle = { type: "object", allOf: [{ $ref: "#" }] };
    expect(problemsOf({ ...base, parameters: cycle })[0]?.message).toContain("$ref cycle");
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 100; i++) deep = { type: "object", properties: { a: deep } };
    expect(problemsOf({ ...base, parameters: deep })[0]?.message).toMatch(/nested|deep/);
    expect(problemsOf({ ...base, parameters: { type: "object", properties: { next: { $ref: "#" } } } })).toEqual([]);
  });

  it("gives an OpenAI-shaped tool one clear hint", () => {
    const problems = problemsOf({ type: "function", function: base });
    expect(problems.some((p) => p.message.includes("OpenAI tool definition"))).toBe(true);
  });

  it("reports a manifest whose client_tools is not an array", () => {
    expect(problemsOf({ client_tools: {} })).toEqual([
      { pointer: "/client_tools", message: '"client_tools" must be an array of spec objects' },
    ]);
  });
});

describe("the depth rule, through the spec parser", () => {
  const nested = (levels: number): JsonValue => (levels === 0 ? 0 : [nested(levels - 1)]);
  const spec = (levels: number) => ({
    name: "deep",
    description: "Deep.",
    parameters: { type: "object", default: nested(levels) },
  });

  it(`accepts objects and arrays nested exactly ${MAX_SCHEMA_DEPTH} levels deep, and refuses one level more`, () => {
    // The root schema is level 1, so the default's arrays reach the limit after MAX_SCHEMA_DEPTH - 1 of them.
    expect(checkClientToolSpecs(spec(MAX_SCHEMA_DEPTH - 1)).problems).toEqual([]);
    const problems = checkClientToolSpecs(spec(MAX_SCHEMA_DEPTH)).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain(`more than ${MAX_SCHEMA_DEPTH} levels deep`);
  });
});
