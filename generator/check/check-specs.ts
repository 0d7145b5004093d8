import { childPointer, pointerTokens } from "../../runtime/spec/json-pointer.js";
import { checkClientToolSpecs, schemaShapeProblems } from "../../runtime/spec/parse.js";
import type { ClientToolSpec, JsonObject, JsonValue, SpecProblem } from "../../runtime/spec/types.js";
import { locateInJson, type Diagnostic } from "../diagnostics.js";
import type { JsonDocument } from "../load/read-json-file.js";
import { bundleRefs, type ReadSchemaFile } from "./bundle-refs.js";
import { valueAtPointer } from "../../runtime/spec/json-walk.js";
import { metaSchemaProblems } from "../../runtime/schema/meta-schema.js";
import { schemaWarnings } from "../../runtime/schema/schema-warnings.js";

/** A spec that passed every check, with its schemas made self-contained, and where it came from. */
export interface CheckedTool {
  readonly spec: ClientToolSpec;
  readonly document: JsonDocument;
  /** JSON pointer of the spec object inside its file. */
  readonly pointer: string;
}

/**
 * The check stage: the spec rules shared with the runtime, `$ref` resolution and each schema's
 * own meta-schema. Every problem in every file is reported, each at file:line:col; so are the
 * warnings about what a schema as written most likely does not mean (a misspelt keyword).
 */
export function checkSpecDocuments(
  documents: readonly JsonDocument[],
  readFile: ReadSchemaFile,
): { tools: CheckedTool[]; diagnostics: Diagnostic[]; warnings: Diagnostic[] } {
  const tools: CheckedTool[] = [];
  const diagnostics: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  for (const document of documents) {
    // The generator parsed these objects itself and owns them: freeze in place, no copy.
    const { valid, problems } = checkClientToolSpecs(document.value, { adopt: true });
    const all: SpecProblem[] = [...problems];
    for (const { spec, pointer } of valid) {
      const raw = valueAtPointer(document.value as JsonValue, pointerTokens(pointer)) as JsonObject;
      const before = all.length;
      const parametersKey = Object.hasOwn(raw, "parameters") || !Object.hasOwn(raw, "inputSchema") ? "parameters" : "inputSchema";
      const quality = [...schemaWarnings(spec.parameters, childPointer(pointer, parametersKey)), ...(spec.outputSchema ? schemaWarnings(spec.outputSchema, childPointer(pointer, "outputSchema")) : [])];
      warnings.push(...locateInJson(document.displayPath, document.text, quality));
      const parameters = checkSchema(spec.parameters, childPointer(pointer, parametersKey), document, readFile, all);
      const outputSchema = spec.outputSchema && checkSchema(spec.outputSchema, childPointer(pointer, "outputSchema"), document, readFile, all);
      if (all.length > before) continue;
      const changed = parameters !== spec.parameters || outputSchema !== spec.outputSchema;
      const checked = changed ? Object.freeze({ ...spec, parameters, ...(outputSchema && { outputSchema }) }) : spec;
      tools.push({ spec: checked, document, pointer });
    }
    diagnostics.push(...locateInJson(document.displayPath, document.text, all));
  }
  return { tools, diagnostics, warnings };
}

/**
 * False when no `$ref` can be in the file: its text holds no "$ref" and no `\u` escape that could
 * spell one. Many spec files hold none, and then bundling has nothing to walk for.
 */
function mayHoldRefs(document: JsonDocument): boolean {
  return document.text.includes("$ref") || document.text.includes("\\u");
}

function checkSchema(schema: JsonObject, pointer: string, document: JsonDocument, readFile: ReadSchemaFile, problems: SpecProblem[]): JsonObject {
  const bundled = mayHoldRefs(document) ? bundleRefs(schema, pointer, { file: document.path, readFile }) : { schema, problems: [] };
  problems.push(...bundled.problems);
  if (bundled.problems.length > 0) return bundled.schema;
  // The spec rules checked the schema as written; files bundled into it get the same shape rules.
  const shape = bundled.schema === schema ? [] : schemaShapeProblems(bundled.schema, pointer);
  problems.push(...shape);
  if (shape.length === 0) problems.push(...metaSchemaProblems(bundled.schema, pointer));
  return bundled.schema;
}
