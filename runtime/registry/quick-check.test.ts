import { describe, expect, it } from "vitest";
import { checkClientToolSpecs } from "../tool-spec/parse.js";
import { deepFreeze, generatedSpecs } from "./__fixtures__/generated-specs.js";
import { deferrable, standIn } from "./deferred.js";
import { quickCheck } from "./quick-check.js";

const [awaited, fireAndForget] = generatedSpecs(2, "quick");
const base = deepFreeze({
  ...awaited!,
  annotations: { title: "Tool", readOnlyHint: true },
  permission: "files.read",
  timeoutSeconds: 30,
  maxAttempts: 2,
});

const fields = (spec: object) => spec as Readonly<Record<string, unknown>>;

/** What the parser says of a deferrable spec at registration: its problems outside the schemas. */
function parserProblems(spec: Readonly<Record<string, unknown>>): number {
  return checkClientToolSpecs(standIn(spec)).problems.length;
}

const variants: Record<string, unknown>[] = [
  { name: "bad name" },
  { name: "a".repeat(65) },
  { name: 5 },
  { description: "" },
  { description: "  " },
  { description: 3 },
  { description: undefined },
  { permission: "" },
  { permission: 1 },
  { timeoutSeconds: 0 },
  { timeoutSeconds: -1 },
  { timeoutSeconds: Infinity },
  { timeoutSeconds: "30" },
  { maxAttempts: 0 },
  { maxAttempts: 1.5 },
  { maxAttempts: "2" },
  { annotations: [] },
  { annotations: null },
  { annotations: { readOnlyHint: "yes" } },
  { annotations: { title: 1 } },
  { annotations: { unknownHint: true } },
  { annotations: new (class Hints {})() },
  { annotations: {} },
  { annotations: { title: "Only a title" } },
  { fingerprints: { parameters: awaited!.fingerprints!.parameters } },
  { fingerprints: { ...awaited!.fingerprints, extra: "x" } },
  { fingerprints: { ...awaited!.fingerprints, parameters: awaited!.fingerprints!.parameters.toUpperCase() } },
  { fingerprints: { ...awaited!.fingerprints, outputSchema: "abc" } },
  { fingerprints: { ...awaited!.fingerprints, parameters: 7 } },
  { fingerprints: Object.assign(Object.create({ inherited: true }) as object, awaited!.fingerprints) },
  { extra: "key" },
  { inputSchema: awaited!.parameters },
  { ["__proto__"]: { name: "x" } },
];

describe("quickCheck", () => {
  it("passes the specs the generator writes", () => {
    expect(quickCheck(base)).toBe(true);
    expect(quickCheck(fields(awaited!))).toBe(true);
    expect(quickCheck(fields(fireAndForget!))).toBe(true);
  });

  it.each(variants.map((change) => [JSON.stringify(change) ?? String(change), change]))(
    "never passes what the parser refuses: %s",
    (_, change) => {
      const spec = Object.freeze({ ...base, ...change });
      if (!deferrable(spec)) return; // not its to judge: the parser takes these at registration
      if (parserProblems(spec) > 0) expect(quickCheck(spec)).toBe(false);
    },
  );

  it("passes a fire-and-forget spec only without an output schema fingerprint", () => {
    const { outputSchema: _, ...rest } = base;
    expect(quickCheck(Object.freeze({ ...rest, fingerprints: fireAndForget!.fingerprints }))).toBe(true);
    expect(quickCheck(Object.freeze({ ...rest, fingerprints: base.fingerprints }))).toBe(false);
    expect(parserProblems(Object.freeze({ ...rest, fingerprints: base.fingerprints }))).toBeGreaterThan(0);
  });

  it("passes a generated private-input spec, and none the parser refuses", () => {
    const { outputSchema: _, ...rest } = base;
    const privateInput = deepFreeze({
      schema: { type: "object", properties: { token: { type: "string" } } },
      response: { status: "connected" },
    });
    const fingerprints = deepFreeze({ parameters: base.fingerprints!.parameters, privateInput: "b".repeat(64) });
    const spec = Object.freeze({ ...rest, privateInput, fingerprints });
    expect(deferrable(spec)).toBe(true);
    expect(parserProblems(spec)).toBe(0);
    expect(quickCheck(spec)).toBe(true);
    const wrong: Record<string, unknown>[] = [
      { outputSchema: base.outputSchema },
      { awaited: true },
      { recovery: "redispatch" },
      { fingerprints: { parameters: base.fingerprints!.parameters } },
      { fingerprints: base.fingerprints },
      { privateInput: deepFreeze({ schema: { type: "string" }, response: {} }) },
      { privateInput: deepFreeze({ schema: { type: "object" } }) },
      { privateInput: deepFreeze({ schema: { type: "object" }, response: "connected" }) },
      { privateInput: deepFreeze({ schema: { type: "object" }, response: {}, extra: 1 }) },
    ];
    for (const change of wrong) {
      const variant = Object.freeze({ ...spec, ...change });
      expect(quickCheck(variant), JSON.stringify(change)).toBe(false);
      if (deferrable(variant)) expect(parserProblems(variant), JSON.stringify(change)).toBeGreaterThan(0);
    }
  });
});
