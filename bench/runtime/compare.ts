import { compareSchemas } from "../../runtime/schema/compare/compare-schemas.js";
import type { JsonObject, JsonValue } from "../../runtime/util/json.js";
import { type Row, row } from "../results.js";
import { summarize } from "../stats.js";
import type { RuntimeInput } from "./input.js";

/**
 * `compareSchemas` over every tool's parameters: against an unchanged copy (what `diff` meets for
 * most tools of a pull request) and against a copy changed as a release changes a tool (an
 * optional property added, the first property made required), both directions each, as pairs a second.
 */
export function compareThroughput(input: RuntimeInput): Row[] {
  const pairs = input.specs.map((spec) => ({
    old: spec.parameters as JsonObject,
    same: structuredClone(spec.parameters) as JsonObject,
    changed: changed(spec.parameters),
  }));
  const rate = (next: "same" | "changed") => (): number => {
    const started = performance.now();
    for (const pair of pairs) compareSchemas(pair.old, pair[next]);
    return pairs.length / ((performance.now() - started) / 1000);
  };
  const rows: Row[] = [];
  // A changed pair compiles both schemas with ajv to check its witnesses (tens of milliseconds for a
  // large schema): one pass over the corpus is minutes, so it is measured once, after a pass over the unchanged copies.
  for (const [next, what, passes] of [
    ["same", "each tool's parameters against an unchanged copy", Math.min(input.samples, 3)],
    [
      "changed",
      "each tool's parameters against a changed copy (an optional property added, the first made required)",
      1,
    ],
  ] as const) {
    const sample = rate(next);
    if (next === "same") sample(); // warm-up
    rows.push(
      row({
        id: `runtime.compare.${next}`,
        what: `runtime: compareSchemas, ${what}, both directions`,
        measured: { ...summarize(Array.from({ length: passes }, sample)), unit: "pairs/s" },
      }),
    );
  }
  return rows;
}

function changed(parameters: JsonObject): JsonObject {
  const properties = (parameters["properties"] ?? {}) as Record<string, JsonValue>;
  const first = Object.keys(properties)[0];
  const required = Array.isArray(parameters["required"]) ? (parameters["required"] as string[]) : [];
  return {
    ...structuredClone(parameters),
    properties: { ...structuredClone(properties), added_in_this_release: { type: "string", maxLength: 40 } },
    ...(first === undefined ? {} : { required: [...new Set([...required, first])] }),
  };
}
