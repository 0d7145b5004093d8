import { childPointer } from "../schema/json-pointer.js";
import { own } from "../schema/subschemas.js";
import { clientToolMode, unknownMode } from "../tool-spec/tool-mode.js";
import type { ClientToolAnnotations } from "../tool-spec/types.js";
import { isJsonObject } from "../util/guards.js";
import type { JsonObject, SpecProblem } from "../util/json.js";
import { asObjectSchema, type ExportedObjectSchema, type ExportTargetDefinition } from "./types.js";

/** An MCP schema root: MCP's Tool type (and its SDK's validation) wants every property schema to be an object. */
export interface McpObjectSchema extends ExportedObjectSchema {
  readonly properties?: { readonly [name: string]: JsonObject };
}

/** An MCP tool (the @modelcontextprotocol/sdk `Tool`), as listed by `tools/list`. */
export interface McpTool {
  name: string;
  /** From `annotations.title`, MCP's display name; absent when the spec has none. */
  title?: string;
  description: string;
  inputSchema: McpObjectSchema;
  /** Awaited tools only: the `structuredContent` the client returns. */
  outputSchema?: McpObjectSchema;
  /** The spec's annotations as they are: MCP is the one target with a place for them. */
  annotations?: ClientToolAnnotations;
}

export const mcpTarget: ExportTargetDefinition<McpTool> = {
  // An MCP client validates the whole tools/list result, so one such schema would lose it every tool.
  problems: (spec) => [
    ...schemaProblems(spec.parameters, "/parameters"),
    ...(spec.outputSchema === undefined ? [] : schemaProblems(spec.outputSchema, "/outputSchema")),
  ],
  toTool: ({ spec, parameters }) => {
    const tool: McpTool = {
      name: spec.name,
      description: spec.description,
      inputSchema: parameters as McpObjectSchema,
    };
    if (spec.annotations?.title !== undefined) tool.title = spec.annotations.title;
    const kind = clientToolMode(spec);
    switch (kind.mode) {
      case "fire-and-forget":
        break;
      case "awaited":
        tool.outputSchema = asObjectSchema(kind.outputSchema) as McpObjectSchema;
        break;
      case "awaited-content":
        // MCP's own tool result is content: a tool without an outputSchema answers with it.
        break;
      case "private-input":
        // The private value's schema stays on the server; the model sees the response, as text.
        break;
      default:
        unknownMode(kind);
    }
    if (spec.annotations !== undefined) tool.annotations = spec.annotations;
    return tool;
  },
};

/** What MCP's Tool schema refuses at a root: a boolean property schema, or a `required` that is not a list of names. */
function schemaProblems(schema: JsonObject, pointer: string): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const properties = own(schema, "properties");
  if (isJsonObject(properties)) {
    for (const [name, value] of Object.entries(properties)) {
      if (!isJsonObject(value)) {
        problems.push({
          pointer: childPointer(childPointer(pointer, "properties"), name),
          message: "MCP needs an object schema here, such as {} for anything",
        });
      }
    }
  } else if (properties !== undefined) {
    problems.push({
      pointer: childPointer(pointer, "properties"),
      message: "MCP needs an object of property schemas here",
    });
  }
  const required = own(schema, "required");
  if (required !== undefined && !(Array.isArray(required) && required.every((name) => typeof name === "string"))) {
    problems.push({ pointer: childPointer(pointer, "required"), message: "MCP needs a list of property names here" });
  }
  return problems;
}
