import type { ToolModel } from "../../model/tool-model.js";
import { propertyKey } from "../escape.js";
import { fillTemplate, loadTemplate } from "../template.js";
import type { ToolValidatorExport } from "./tool-exports.js";

/** What index.ts is made from: every tool with its exports. */
export interface ToolValidators {
  readonly model: ToolModel;
  readonly exports: readonly ToolValidatorExport[];
}

/**
 * index.ts: every tool's module imported, and the `clientToolValidators` map of them (a const
 * object, whose type has the implicit index signature the runtime's `ClientToolValidators`
 * needs); the validator type every module uses comes from templates/validators-index.ts.
 */
export function validatorsMapModule(tools: readonly ToolValidators[]): string {
  const entries = tools.map(
    ({ model, exports }) =>
      `  ${propertyKey(model.name)}: { ${exports.map((e) => `${e.role}: ${e.name}`).join(", ")} },\n`,
  );
  const imports = tools.map(
    ({ model, exports }) => `import { ${exports.map((e) => e.name).join(", ")} } from "./${model.id}.js";\n`,
  );
  return fillTemplate(loadTemplate("validators-index"), {
    imports: imports.length === 0 ? "" : `${imports.join("")}\n`,
    map: `export const clientToolValidators = {\n${entries.join("")}} as const;\n`,
  });
}
