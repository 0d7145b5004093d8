import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { schemaFingerprint } from "../fingerprint/fingerprint.js";
import { parseClientToolSpec } from "../tool-spec/parse.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import type { JsonObject } from "../util/json.js";
import { CORPUS, corpusSpec } from "./__fixtures__/corpus.js";
import { type ExportTarget, type ExportTargetTools, exportClientTools } from "./export-client-tools.js";
import { type OverlayOptions, removeOverlays } from "./overlays.js";
import type { ExportedObjectSchema } from "./types.js";

/** Where each target puts the parameters schema. */
const PARAMETERS: { readonly [T in ExportTarget]: (tool: ExportTargetTools[T]) => ExportedObjectSchema } = {
  "openai-chat": (tool) => tool.function.parameters,
  "openai-responses": (tool) => tool.parameters,
  anthropic: (tool) => tool.input_schema,
  gemini: (tool) => tool.parametersJsonSchema,
  mcp: (tool) => tool.inputSchema,
  "ag-ui": (tool) => tool.parameters,
};
const TARGETS = Object.keys(PARAMETERS) as ExportTarget[];
const OPTIONS: readonly OverlayOptions[] = [
  {},
  { summary: true },
  { securityRisk: true },
  { summary: true, securityRisk: true },
];

function exportedParameters(spec: ClientToolSpec, target: ExportTarget, options: OverlayOptions): ExportedObjectSchema {
  const [tool] = exportClientTools([spec], target, options).tools;
  return (PARAMETERS[target] as (tool: unknown) => ExportedObjectSchema)(tool);
}

/** MCP refuses (with an error, tested in mcp.test.ts) property schemas that are not objects. */
function exportable(spec: ClientToolSpec, target: ExportTarget): boolean {
  const properties = spec.parameters["properties"];
  return (
    target !== "mcp" || Object.values((properties ?? {}) as JsonObject).every((value) => typeof value === "object")
  );
}

/** Root schemas with arbitrary keywords and property schemas, some properties named like the overlays. */
const randomSpec = fc
  .record(
    {
      keywords: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
      properties: fc.dictionary(
        fc.oneof(fc.string(), fc.constantFrom("summary", "security_risk")),
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        { maxKeys: 5 },
      ),
      required: fc.array(fc.string(), { maxLength: 3 }),
      readOnly: fc.boolean(),
    },
    { requiredKeys: ["keywords", "readOnly"] },
  )
  .map(({ keywords, properties, required, readOnly }) =>
    parseClientToolSpec({
      name: "random",
      description: "A random schema.",
      parameters: { ...keywords, type: "object", ...(properties && { properties }), ...(required && { required }) },
      annotations: { readOnlyHint: readOnly },
    }),
  );

describe("removeOverlays", () => {
  it.each(TARGETS)(
    "gives back the original schema's fingerprint for every corpus schema exported to %s, with every overlay option",
    (target) => {
      for (const spec of CORPUS.filter((candidate) => exportable(candidate, target))) {
        for (const options of OPTIONS) {
          const removed = removeOverlays(exportedParameters(spec, target, options));
          expect(schemaFingerprint(removed), `${spec.name} ${JSON.stringify(options)}`).toBe(
            schemaFingerprint(spec.parameters),
          );
        }
      }
    },
  );

  it("does the same for random schemas on every target", () => {
    fc.assert(
      fc.property(randomSpec, fc.constantFrom(...TARGETS), fc.constantFrom(...OPTIONS), (spec, target, options) => {
        fc.pre(exportable(spec, target));
        expect(schemaFingerprint(removeOverlays(exportedParameters(spec, target, options)))).toBe(
          schemaFingerprint(spec.parameters),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("keeps the original key order, and drops a properties object that only the overlays needed", () => {
    const spec = corpusSpec("open_file_viewer");
    const removed = removeOverlays(exportedParameters(spec, "ag-ui", { summary: true, securityRisk: true }));
    expect(Object.keys(removed)).toEqual(Object.keys(spec.parameters));
    expect(Object.keys(removed["properties"] as JsonObject)).toEqual(["file_path", "line"]);
    expect(removeOverlays(exportedParameters(corpusSpec("no_properties"), "ag-ui", { summary: true }))).toEqual({
      type: "object",
    });
  });

  it("never removes a client's own property of an overlay's name", () => {
    const spec = corpusSpec("own_summary");
    const removed = removeOverlays(exportedParameters(spec, "gemini", { summary: true, securityRisk: true }));
    expect(removed["properties"]).toBe(spec.parameters["properties"]);
  });

  it("returns any schema it did not make as it is, an export after a JSON round trip included", () => {
    const spec = corpusSpec("open_file_viewer");
    expect(removeOverlays(spec.parameters)).toBe(spec.parameters);
    const roundTripped = JSON.parse(JSON.stringify(exportedParameters(spec, "ag-ui", { summary: true }))) as JsonObject;
    expect(removeOverlays(roundTripped)).toBe(roundTripped);
  });

  it("returns frozen schemas, like every schema the exporter hands out", () => {
    const exported = exportedParameters(corpusSpec("open_file_viewer"), "mcp", { summary: true });
    expect(Object.isFrozen(exported)).toBe(true);
    expect(Object.isFrozen(exported.properties)).toBe(true);
    expect(Object.isFrozen(removeOverlays(exported))).toBe(true);
  });
});
