import { describe, expect, it } from "vitest";
import { ClientToolRegistry } from "../registry/registry.js";
import { CONTENT_RESULT_SCHEMA } from "../tool-spec/content-result.js";
import { parseClientToolSpec } from "../tool-spec/parse.js";
import type { JsonObject } from "../util/json.js";
import { corpusSpec } from "./__fixtures__/corpus.js";
import { ClientToolExportError } from "./errors.js";
import { type ExportTarget, exportClientTools } from "./export-client-tools.js";
import { removeOverlays } from "./overlays.js";
import { analyzeStrictCompatibility } from "./strict.js";

const openFile = corpusSpec("open_file_viewer");
const location = corpusSpec("read_location");
const ownSummary = corpusSpec("own_summary");
const strictReady = parseClientToolSpec({
  name: "strict_ready",
  description: "Qualifies for strict mode everywhere.",
  parameters: {
    type: "object",
    properties: { path: { type: "string" } },
    required: ["path"],
    additionalProperties: false,
  },
});

const TARGETS: readonly ExportTarget[] = ["openai-chat", "openai-responses", "anthropic", "gemini", "mcp", "ag-ui"];

describe("exportClientTools: each target's shape", () => {
  it("openai-chat", () => {
    expect(exportClientTools([openFile], "openai-chat")).toEqual({
      tools: [
        {
          type: "function",
          function: { name: openFile.name, description: openFile.description, parameters: openFile.parameters },
        },
      ],
      warnings: [],
      compiled: [],
      fromStrictArguments: expect.any(Function),
    });
  });

  it("openai-responses, with strict: false said out loud (the API's default is true)", () => {
    expect(exportClientTools([openFile], "openai-responses").tools).toEqual([
      {
        type: "function",
        name: openFile.name,
        description: openFile.description,
        parameters: openFile.parameters,
        strict: false,
      },
    ]);
  });

  it("anthropic", () => {
    expect(exportClientTools([openFile], "anthropic").tools).toEqual([
      { name: openFile.name, description: openFile.description, input_schema: openFile.parameters },
    ]);
  });

  it("gemini, with the result schema for awaited tools only", () => {
    expect(exportClientTools([openFile, location], "gemini").tools).toEqual([
      { name: openFile.name, description: openFile.description, parametersJsonSchema: openFile.parameters },
      {
        name: location.name,
        description: location.description,
        parametersJsonSchema: location.parameters,
        responseJsonSchema: location.outputSchema,
      },
    ]);
  });

  it("a tool awaited without an outputSchema: Gemini is given the content result as its response schema, MCP nothing (its own result is content)", () => {
    const ask = parseClientToolSpec({ name: "ask_user", description: "Ask the user.", awaited: true });
    expect(exportClientTools([ask], "gemini").tools).toEqual([
      {
        name: "ask_user",
        description: "Ask the user.",
        parametersJsonSchema: ask.parameters,
        responseJsonSchema: CONTENT_RESULT_SCHEMA,
      },
    ]);
    expect(exportClientTools([ask], "mcp").tools).toEqual([
      { name: "ask_user", description: "Ask the user.", inputSchema: ask.parameters },
    ]);
    expect(exportClientTools([ask], "openai-chat").tools).toEqual([
      { type: "function", function: { name: "ask_user", description: "Ask the user.", parameters: ask.parameters } },
    ]);
  });

  it("mcp, with title, output schema and annotations where the spec has them", () => {
    expect(exportClientTools([openFile, location], "mcp").tools).toEqual([
      { name: openFile.name, description: openFile.description, inputSchema: openFile.parameters },
      {
        name: location.name,
        title: "Location",
        description: location.description,
        inputSchema: location.parameters,
        outputSchema: location.outputSchema,
        annotations: { title: "Location", readOnlyHint: true, openWorldHint: false },
      },
    ]);
  });

  it("ag-ui", () => {
    expect(exportClientTools([openFile], "ag-ui").tools).toEqual([
      { name: openFile.name, description: openFile.description, parameters: openFile.parameters },
    ]);
  });

  it.each(TARGETS.filter((target) => target !== "mcp"))(
    "%s has no place for annotations, so carries none",
    (target) => {
      const json = JSON.stringify(exportClientTools([location], target).tools);
      expect(json).not.toContain("readOnlyHint");
      expect(json).not.toContain("Location");
    },
  );
});

describe("exportClientTools: fidelity and cost", () => {
  it.each(TARGETS)("%s hands out the spec's own schema objects when no overlay applies", (target) => {
    const [tool] = exportClientTools([location], target).tools;
    const schemas = Object.values(tool!).concat(Object.values((tool as { function?: object }).function ?? {}));
    expect(schemas).toContain(location.parameters);
    if (target === "gemini" || target === "mcp") expect(schemas).toContain(location.outputSchema);
  });

  it("with overlays, copies only the root and its properties object; every subschema is shared", () => {
    const [tool] = exportClientTools([openFile], "anthropic", { summary: true }).tools;
    const exported = tool!.input_schema;
    const original = openFile.parameters["properties"] as JsonObject;
    expect(exported).not.toBe(openFile.parameters);
    expect(exported.properties!["file_path"]).toBe(original["file_path"]);
    expect(exported.required).toBe(openFile.parameters["required"]);
    expect(Object.keys(exported)).toEqual(Object.keys(openFile.parameters));
  });

  it("takes registered tools as well as specs", () => {
    const registry = new ClientToolRegistry();
    registry.register([openFile, location]);
    expect(exportClientTools(registry.list(), "ag-ui").tools.map((tool) => tool.name)).toEqual([
      openFile.name,
      location.name,
    ]);
  });

  it("refuses a target it does not know", () => {
    expect(() => exportClientTools([openFile], "cohere" as ExportTarget)).toThrow(/Unknown export target "cohere"/);
  });
});

describe("exportClientTools: overlays", () => {
  it("adds an optional summary string, never to required", () => {
    const { tools, warnings } = exportClientTools([openFile], "openai-chat", { summary: true });
    const parameters = tools[0]!.function.parameters;
    expect(parameters.properties!["summary"]).toEqual({
      type: "string",
      description: expect.stringContaining("10 words"),
    });
    expect(parameters.required).toEqual(["file_path"]);
    expect(warnings).toEqual([]);
  });

  it("adds an optional security_risk enum", () => {
    const parameters = exportClientTools([openFile], "ag-ui", { securityRisk: true }).tools[0]!.parameters;
    expect(parameters.properties!["security_risk"]).toMatchObject({
      type: "string",
      enum: ["UNKNOWN", "LOW", "MEDIUM", "HIGH"],
    });
    expect(parameters.required).toEqual(["file_path"]);
  });

  it("skips security_risk for a read-only tool, without a warning", () => {
    const { tools, warnings } = exportClientTools([location], "ag-ui", { summary: true, securityRisk: true });
    expect(Object.keys(tools[0]!.parameters.properties!)).toEqual(["precise", "summary"]);
    expect(warnings).toEqual([]);
  });

  it("adds properties to a root that had none", () => {
    const parameters = exportClientTools([corpusSpec("no_properties")], "ag-ui", { summary: true }).tools[0]!
      .parameters;
    expect(parameters).toEqual({ type: "object", properties: { summary: expect.any(Object) } });
  });

  it("leaves a client property called summary untouched, and says the overlay was skipped", () => {
    const { tools, warnings } = exportClientTools([ownSummary], "anthropic", { summary: true, securityRisk: true });
    const properties = tools[0]!.input_schema.properties!;
    const original = ownSummary.parameters["properties"] as JsonObject;
    expect(properties["summary"]).toBe(original["summary"]);
    expect(properties["security_risk"]).toBe(original["security_risk"]);
    expect(tools[0]!.input_schema).toBe(ownSummary.parameters);
    expect(warnings).toEqual([
      {
        tool: "own_summary",
        pointer: "/parameters/properties/summary",
        message: expect.stringContaining("summary overlay was skipped"),
      },
      {
        tool: "own_summary",
        pointer: "/parameters/properties/security_risk",
        message: expect.stringContaining("securityRisk overlay was skipped"),
      },
    ]);
  });

  it("adds no overlay when properties is not an object, and says so", () => {
    const odd = parseClientToolSpec({ name: "odd", description: "d", parameters: { type: "object", properties: [] } });
    const { tools, warnings } = exportClientTools([odd], "ag-ui", { summary: true });
    expect(tools[0]!.parameters).toBe(odd.parameters);
    expect(warnings).toEqual([
      { tool: "odd", pointer: "/parameters/properties", message: expect.stringContaining("not an object") },
    ]);
  });
});

describe("exportClientTools: strict mode", () => {
  it("emits strict: true only when asked and the parameters qualify", () => {
    expect(exportClientTools([strictReady], "openai-chat", { strict: true }).tools[0]!.function.strict).toBe(true);
    expect(exportClientTools([strictReady], "openai-responses", { strict: true }).tools[0]!.strict).toBe(true);
    expect(exportClientTools([strictReady], "anthropic", { strict: true }).tools[0]!.strict).toBe(true);
    expect(exportClientTools([strictReady], "openai-chat").tools[0]!.function).not.toHaveProperty("strict");
    expect(exportClientTools([strictReady], "anthropic", { strict: false }).tools[0]).not.toHaveProperty("strict");
  });

  it("fails when asked and a tool does not qualify, listing every problem of every tool", () => {
    let error: unknown;
    try {
      exportClientTools([strictReady, openFile, location], "openai-responses", { strict: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ClientToolExportError);
    const { problems, target, message } = error as ClientToolExportError;
    expect(target).toBe("openai-responses");
    expect(problems).toEqual([
      {
        tool: "open_file_viewer",
        pointer: "/parameters/properties/line",
        message: expect.stringContaining('"line" is not in "required"'),
      },
      {
        tool: "open_file_viewer",
        pointer: "/parameters/properties/file_path/minLength",
        message: '"minLength" is not in OpenAI\'s strict-mode subset',
      },
      { tool: "read_location", pointer: "/parameters", message: expect.stringContaining("additionalProperties") },
      {
        tool: "read_location",
        pointer: "/parameters/properties/precise",
        message: expect.stringContaining("required"),
      },
    ]);
    expect(message).toContain("open_file_viewer: /parameters/properties/line");
  });

  it("fits the overlays to a strict tool: summary a required, nullable string; security_risk a required, nullable enum", () => {
    const { tools } = exportClientTools([strictReady], "openai-chat", {
      strict: true,
      summary: true,
      securityRisk: true,
    });
    const { parameters, strict } = tools[0]!.function;
    expect(strict).toBe(true);
    expect(parameters).toMatchObject({
      required: ["path", "summary", "security_risk"],
      properties: {
        summary: { type: ["string", "null"] },
        security_risk: { type: ["string", "null"], enum: ["UNKNOWN", "LOW", "MEDIUM", "HIGH", null] },
      },
    });
    expect(analyzeStrictCompatibility(parameters as JsonObject, "openai")).toEqual([]);
    // Taken out again, they leave the spec's schema as it was.
    expect(removeOverlays(parameters)).toEqual(strictReady.parameters);
    expect(exportClientTools([strictReady], "anthropic", { strict: true, summary: true }).tools[0]!.strict).toBe(true);
  });

  it('"auto": strict for each tool that qualifies; each other tool without it, its overlays optional, and a warning with every reason', () => {
    const { tools, warnings } = exportClientTools([strictReady, openFile], "openai-chat", {
      strict: "auto",
      summary: true,
    });
    expect(tools.map((tool) => tool.function.strict)).toEqual([true, undefined]);
    expect(tools[0]!.function.parameters).toMatchObject({ required: ["path", "summary"] });
    expect(tools[1]!.function.parameters).toMatchObject({
      required: openFile.parameters["required"],
      properties: { summary: { type: "string" } },
    });
    expect(warnings).toEqual([
      {
        tool: "open_file_viewer",
        pointer: "/parameters/properties/line",
        message: expect.stringMatching(/^exported without strict mode: "line" is not in "required"/),
      },
      {
        tool: "open_file_viewer",
        pointer: "/parameters/properties/file_path/minLength",
        message: 'exported without strict mode: "minLength" is not in OpenAI\'s strict-mode subset',
      },
    ]);
    expect(() => exportClientTools([openFile], "openai-chat", { strict: "always" } as never)).toThrow(
      /strict is true, false, "auto" or "compile"/,
    );
  });

  it("refuses strict for a target without a strict mode (for callers without types)", () => {
    expect(() => exportClientTools([strictReady], "gemini", { strict: true } as object)).toThrow(/no strict mode/);
  });
});

describe("exportClientTools: under a principal", () => {
  const openUrl = parseClientToolSpec({
    name: "open_url",
    description: "Open a URL in the browser.",
    permission: "browser.open",
  });
  const readGeo = parseClientToolSpec({ name: "read_geo", description: "Read the position.", permission: "geo.read" });
  const untagged = parseClientToolSpec({ name: "untagged", description: "No permission tag." });

  it("exports only the tools whose permission the principal holds, in the order given", () => {
    const principal = { id: "alice", permissions: ["geo.read", "browser.open"] };
    const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);
    expect(names(exportClientTools([untagged, readGeo, openUrl], "ag-ui", { principal }).tools)).toEqual([
      "read_geo",
      "open_url",
    ]);
    expect(
      names(
        exportClientTools([untagged, readGeo, openUrl], "anthropic", {
          principal: { id: "bob", permissions: ["geo.read"] },
        }).tools,
      ),
    ).toEqual(["read_geo"]);
  });

  it("lists in warnings each tool left out for want of a permission tag, but not those the principal lacks", () => {
    const { warnings } = exportClientTools([untagged, readGeo, openUrl], "openai-chat", {
      principal: { id: "bob", permissions: ["geo.read"] },
    });
    expect(warnings).toEqual([
      {
        tool: "untagged",
        pointer: "/permission",
        message:
          'left out of this export under a principal: the tool has no "permission", so no principal may use it; give it one',
      },
    ]);
    expect(exportClientTools([untagged], "openai-chat").warnings).toEqual([]);
  });

  it("leaves out a tool without a permission tag, even for a principal holding every other permission", () => {
    expect(
      exportClientTools([untagged], "mcp", { principal: { id: "root", permissions: ["browser.open", "geo.read", ""] } })
        .tools,
    ).toEqual([]);
  });

  it("filters nothing without a principal", () => {
    expect(
      exportClientTools([untagged, readGeo, openUrl], "openai-chat").tools.map((tool) => tool.function.name),
    ).toEqual(["untagged", "read_geo", "open_url"]);
  });

  it("does not check tools it leaves out: strict mode fails only for exported tools", () => {
    const principal = { id: "alice", permissions: ["browser.open"] };
    const loose = parseClientToolSpec({ ...location, name: "loose", permission: "geo.read" });
    const ready = parseClientToolSpec({ ...strictReady, permission: "browser.open" });
    expect(() => exportClientTools([loose, ready], "openai-chat", { strict: true })).toThrow(ClientToolExportError);
    expect(
      exportClientTools([loose, ready], "openai-chat", { strict: true, principal }).tools.map(
        (tool) => tool.function.name,
      ),
    ).toEqual(["strict_ready"]);
  });
});
