import { ListToolsResultSchema, ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { parseClientToolSpec } from "../tool-spec/parse.js";
import { CORPUS } from "./__fixtures__/corpus.js";
import { ClientToolExportError } from "./errors.js";
import { exportClientTools } from "./export-client-tools.js";

const exportable = CORPUS.filter((spec) => spec.name !== "own_summary");

describe("mcp export", () => {
  it("parses with the MCP SDK's own Tool schema, unchanged", () => {
    const { tools } = exportClientTools(exportable, "mcp", { summary: true, securityRisk: true });
    for (const tool of tools) {
      const parsed = ToolSchema.parse(tool);
      // zod's record parsing drops a property literally named "__proto__"; every other key survives.
      if (tool.name !== "odd_keys") expect(parsed).toEqual(tool);
      else
        expect(Object.keys(parsed.inputSchema.properties!)).toEqual(
          Object.keys(tool.inputSchema.properties!).filter((key) => key !== "__proto__"),
        );
    }
    expect(ListToolsResultSchema.parse({ tools }).tools).toHaveLength(exportable.length);
  });

  it("refuses a schema MCP clients would reject, and so lose every tool of the list", () => {
    const booleanProperty = parseClientToolSpec({
      name: "anything",
      description: "d",
      parameters: { type: "object", properties: { anything: true, fine: {} }, required: "fine" },
      outputSchema: { type: "object", properties: [] },
    });
    expect(() => ToolSchema.parse({ name: "x", inputSchema: booleanProperty.parameters })).toThrow();

    let error: unknown;
    try {
      exportClientTools([booleanProperty], "mcp");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ClientToolExportError);
    expect((error as ClientToolExportError).problems.map((p) => p.pointer)).toEqual([
      "/parameters/properties/anything",
      "/parameters/required",
      "/outputSchema/properties",
    ]);
  });

  it("lets the other targets carry those schemas as they are", () => {
    expect(() => exportClientTools(CORPUS, "anthropic")).not.toThrow();
  });
});
