import { CONTENT_RESULT_SCHEMA, parseClientToolSpecs } from "@gen-client-tools/runtime/core";
import { describe, expect, it } from "vitest";
import type { CheckedTool } from "../check/check-specs.js";
import { toolValidatorExports } from "../emit/validators/tool-exports.js";
import type { Locator } from "../load/locator.js";
import { buildToolModels } from "./build-models.js";

const locator: Locator = { locate: () => [], place: (file, pointer) => `${file}@${pointer}` };

function checked(file: string, ...specs: object[]): CheckedTool[] {
  return parseClientToolSpecs(specs).map((spec, i) => ({
    spec,
    source: { file, pointer: `/${i}`, parametersKey: "parameters" },
  }));
}

describe("buildToolModels", () => {
  it("names each tool, gives it its mode and fingerprints, and sorts by name", () => {
    const { models, problems } = buildToolModels(
      checked(
        "a.json",
        { name: "set-theme", description: "Theme." },
        { name: "ask", description: "Ask.", outputSchema: { type: "object" } },
      ),
      locator,
    );
    expect(problems).toEqual([]);
    expect(models.map(({ name, id, pascal, mode, types }) => ({ name, id, pascal, mode, types }))).toEqual([
      {
        name: "ask",
        id: "ask",
        pascal: "Ask",
        mode: "awaited",
        types: { args: "AskArgs", partialArgs: "AskPartialArgs", result: "AskResult", action: "ClientAction_ask" },
      },
      {
        name: "set-theme",
        id: "set_theme",
        pascal: "SetTheme",
        mode: "fire-and-forget",
        types: { args: "SetThemeArgs", partialArgs: "SetThemePartialArgs", action: "ClientAction_set_theme" },
      },
    ]);
    expect(models[0]!.fingerprints.outputSchema).toMatch(/^[0-9a-f]{64}$/);
    expect(models[1]!.source).toEqual({ file: "a.json", pointer: "/0", parametersKey: "parameters" });
  });

  it("refuses a tool whose arguments' name is another tool's streamed arguments' name, in either name order", () => {
    for (const [first, second] of [
      ["chart", "chart_partial"],
      ["Chart_Partial", "chart"],
    ] as const) {
      const { problems } = buildToolModels(
        checked("a.json", { name: first, description: "A." }, { name: second, description: "B." }),
        locator,
      );
      expect(problems.map((problem) => problem.message)).toEqual([
        expect.stringMatching(
          /^tool names "(chart|Chart_Partial)" \(a\.json@\/\d\/name\) and "(chart_partial|chart)" would both give the TypeScript name ChartPartialArgs /,
        ),
      ]);
    }
  });

  it("refuses names that would become one TypeScript name, at the later one's name in name order, placing the other with the locator", () => {
    const { problems } = buildToolModels(
      [
        ...checked("a.json", { name: "set_theme", description: "A." }),
        ...checked(
          "b.json",
          { name: "set-theme", description: "B." },
          { name: "Ask", description: "C." },
          { name: "ask", description: "D." },
        ),
      ],
      locator,
    );
    expect(problems).toEqual([
      {
        file: "b.json",
        pointer: "/2/name",
        message:
          'tool names "Ask" (b.json@/1/name) and "ask" both become the TypeScript name AskArgs: rename one of them',
      },
      {
        file: "a.json",
        pointer: "/0/name",
        message:
          'tool names "set-theme" (b.json@/0/name) and "set_theme" both become the TypeScript name ClientAction_set_theme: rename one of them',
      },
    ]);
  });

  it("gives a tool awaited without an outputSchema its own mode, with the content result schema to check its answers against", () => {
    const { models, problems } = buildToolModels(
      checked("a.json", { name: "ask_user", description: "Ask.", awaited: true }),
      locator,
    );
    expect(problems).toEqual([]);
    expect(models[0]).toMatchObject({
      mode: "awaited-content",
      types: { args: "AskUserArgs", result: "AskUserResult" },
    });
    expect(toolValidatorExports(models[0]!).find((e) => e.role === "result")?.schema).toEqual(CONTENT_RESULT_SCHEMA);
    // Its fingerprints are its schemas' as written: it has no outputSchema of its own.
    expect(models[0]!.fingerprints).not.toHaveProperty("outputSchema");
  });

  it("refuses a tool whose result type would take the name of the shared content result type", () => {
    const { problems } = buildToolModels(
      checked("a.json", { name: "client_tool_content", description: "A." }),
      locator,
    );
    expect(problems).toEqual([
      {
        file: "a.json",
        pointer: "/0/name",
        message:
          'tool name "client_tool_content" would give its result the TypeScript name ClientToolContentResult, which the generated types use themselves: rename the tool',
      },
    ]);
  });
});
