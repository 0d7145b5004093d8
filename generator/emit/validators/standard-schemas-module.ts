import { propertyKey } from "../escape.js";
import { fillTemplate, loadTemplate } from "../template.js";
import type { ValidatorRole } from "./tool-exports.js";
import type { ToolValidators } from "./validators-map.js";

/**
 * standard-schemas.ts: `clientToolSchemas`, each tool's validators wrapped with the spec's
 * schemas (from specs.ts, in the tools' order) as Standard Schema objects, typed with the
 * generated types.
 */
export function standardSchemasModule(tools: readonly ToolValidators[]): string {
  const usesContent = tools.some(({ model }) => model.mode === "awaited-content");
  // A private input's schema is never a Standard Schema: that is what frameworks hand to models.
  const shared = tools.map(({ model, exports }) => ({
    model,
    exports: exports.filter((e) => e.role !== "privateInput"),
  }));
  const typeImports = shared.flatMap(({ exports }) => exports.map((e) => e.type));
  const imports = [
    usesContent ? 'import { CONTENT_RESULT_SCHEMA } from "@gen-client-tools/runtime";\n' : "",
    'import { clientToolSpecs } from "../specs.js";\n',
    typeImports.length === 0 ? "" : `import type { ${typeImports.join(", ")} } from "../types.js";\n`,
    ...shared.map(
      ({ model, exports }) => `import { ${exports.map((e) => e.name).join(", ")} } from "./${model.id}.js";\n`,
    ),
  ].join("");
  // A tool awaited without an outputSchema checks its results against the runtime's content result schema.
  const schemaOf = (model: ToolValidators["model"], role: ValidatorRole, index: number): string =>
    role === "args"
      ? `clientToolSpecs[${index}].parameters`
      : model.mode === "awaited-content"
        ? "CONTENT_RESULT_SCHEMA"
        : `clientToolSpecs[${index}].outputSchema`;
  const types = shared.map(
    ({ model, exports }) =>
      `  readonly ${propertyKey(model.name)}: ` +
      `{ ${exports.map((e) => `readonly ${e.role}: ClientToolStandardSchema<${e.type}>`).join("; ")} };\n`,
  );
  const values = shared.map(
    ({ model, exports }, index) =>
      `  ${propertyKey(model.name)}: {\n${exports
        .map((e) => `    ${e.role}: ` + `clientToolStandardSchema(${schemaOf(model, e.role, index)}, ${e.name}),\n`)
        .join("")}  },\n`,
  );
  return fillTemplate(loadTemplate("standard-schemas"), {
    imports,
    schemas: `export const clientToolSchemas: {\n${types.join("")}} = {\n${values.join("")}};\n`,
  });
}
