import { afterAll, describe, expect, it } from "vitest";
import { compileWithEach, strictTsconfig } from "../../../test-support/compilers.js";
import { linkRuntime } from "../../../test-support/runtime-package.js";
import { removeTempProjects, tempProject } from "../../../test-support/temp-project.js";
import { generate } from "../../generate.js";
import { writeGenerated } from "../../write-generated.js";

// Declared properties beside a typed index signature, as a project compiles them: under `strict` with
// exactOptionalPropertyTypes on and off (most projects leave it off, where an optional property's type holds
// undefined and TypeScript checks that against the index signature: TS2411), with TypeScript 7 and 5.9.
afterAll(removeTempProjects);

const tool = (name: string, parameters: object) => ({ name, description: "A tool.", parameters });
const TOOLS = [
  tool("typed_extras", {
    type: "object",
    properties: { a: { type: "string" } },
    additionalProperties: { type: "number" },
  }),
  tool("patterned_extras", {
    type: "object",
    properties: { a: { type: "string" }, b: { type: "integer" } },
    required: ["b"],
    patternProperties: { "^x-": { type: "boolean" } },
    additionalProperties: false,
  }),
  tool("nested_extras", {
    type: "object",
    properties: {
      labels: { type: "object", properties: { main: { type: "string" } }, additionalProperties: { type: "string" } },
    },
    required: ["labels"],
  }),
];

describe("properties beside a typed additionalProperties or patternProperties", () => {
  it("compile under strict with exactOptionalPropertyTypes on and off, with TypeScript 7 and 5.9", async () => {
    for (const exactOptionalPropertyTypes of [true, false]) {
      const cwd = tempProject(
        {
          "package.json": { type: "module" },
          "tsconfig.json": strictTsconfig({ exactOptionalPropertyTypes }),
          "client-tools/tools.json": TOOLS,
          // Values the schemas accept are accepted by the types.
          "src/use.ts": [
            'import type { TypedExtrasArgs, PatternedExtrasArgs, NestedExtrasArgs } from "./client-tools.gen/index.js";',
            'export const t: TypedExtrasArgs = { a: "x", n: 1 };',
            'export const p: PatternedExtrasArgs = { b: 1, "x-flag": true };',
            'export const n: NestedExtrasArgs = { labels: { main: "m", other: "o" } };',
            "",
          ].join("\n"),
        },
        "gct-index-signature-",
      );
      linkRuntime(cwd);
      writeGenerated(await generate({ cwd, stubs: false, prettier: false }));
      expect(compileWithEach(cwd), `exactOptionalPropertyTypes ${exactOptionalPropertyTypes}`).toEqual({
        "TypeScript 7": "",
        "TypeScript 5.9": "",
      });
    }
  });
});
