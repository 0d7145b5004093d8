import { readFileSync } from "node:fs";
import { Ajv, type AnySchema } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "../../util/json.js";
import { VALIDATION_OPTIONS } from "../ajv-options.js";
import { type Expected, SCHEMA_EDITS } from "./__fixtures__/schema-edits.js";
import { compareSchemas } from "./compare-schemas.js";
import type { SchemaRelation } from "./relation.js";

// The checker on real tool schemas: the input schemas of the official MCP servers, each put through the edits tools
// go through (a table whose answers are reasoned by hand, each under the precondition that makes it so), every
// witness confirmed by an ajv of this test's own with the formats asserted.

interface Server {
  readonly package: string;
  readonly tools: readonly { readonly name: string; readonly inputSchema: JsonObject }[];
}
const servers = (
  JSON.parse(readFileSync(new URL("../__fixtures__/mcp-server-tools.json", import.meta.url), "utf8")) as {
    servers: Server[];
  }
).servers;
const tools = servers.flatMap((server) =>
  server.tools.map((tool) => ({ name: `${server.package} ${tool.name}`, schema: tool.inputSchema })),
);
/** Each edit on at most this many tools (spread over the servers), so that each kind weighs alike. */
const PER_EDIT = 8;

const pairs = SCHEMA_EDITS.flatMap((edit) =>
  tools
    .flatMap(({ name, schema }) => {
      const applied = edit.apply(schema);
      return applied === undefined ? [] : [{ name: `${edit.name}: ${name}`, old: schema, ...applied }];
    })
    .filter((_, i, all) => i % Math.max(1, Math.floor(all.length / PER_EDIT)) === 0)
    .slice(0, PER_EDIT),
);

const JUDGE = { ...VALIDATION_OPTIONS, formats: fullFormats, logger: false } as const;
function judge(schema: JsonObject): (value: JsonValue) => boolean {
  const validate = (schema["$schema"] === undefined ? new Ajv2020(JUDGE) : new Ajv(JUDGE)).compile(schema as AnySchema);
  return (value) => validate(value) === true;
}
const verdict = (relation: SchemaRelation): Expected | "U" =>
  relation.holds === true ? "T" : relation.holds === false ? "F" : "U";

describe("compareSchemas on the MCP servers' schemas and realistic edits", () => {
  it(`has at least 150 pairs, each edit on several tools (${pairs.length})`, () => {
    expect(pairs.length).toBeGreaterThanOrEqual(150);
    for (const edit of SCHEMA_EDITS)
      expect(pairs.filter((pair) => pair.name.startsWith(`${edit.name}:`)).length, edit.name).toBeGreaterThan(0);
  });

  it("is never unsound, never wrongly negative, gives only true witnesses, and decides at least 95%", () => {
    const wrong: string[] = [];
    let right = 0;
    for (const { name, old, next, expected } of pairs) {
      const comparison = compareSchemas(old, next);
      const directions = [
        [comparison.oldInNew, expected[0], old, next],
        [comparison.newInOld, expected[1], next, old],
      ] as const;
      for (const [relation, answer, first, second] of directions) {
        const got = verdict(relation);
        if (got === answer) right++;
        // Unknown is a miss counted against the 95%; a wrong T or F is a failure outright.
        else if (got === "U") wrong.push(`${name}: unknown where ${answer} (${JSON.stringify(relation)})`);
        else expect.fail(`${name}: ${got} where ${answer}: ${JSON.stringify(next)}`);
        if (relation.holds === false) {
          expect(judge(first)(relation.witness), `${name}: the witness is valid under the first`).toBe(true);
          expect(judge(second)(relation.witness), `${name}: the witness is invalid under the second`).toBe(false);
          expect(relation.keyword, name).not.toBe("");
        }
      }
    }
    const total = pairs.length * 2;
    expect(right / total, `decided ${right} of ${total}; missed:\n${wrong.join("\n")}`).toBeGreaterThanOrEqual(0.95);
  });
});
