import { propertyKey } from "../escape.js";
import { fillTemplate, loadTemplate } from "../template.js";
import type { ToolModel } from "../../model/tool-model.js";
import type { ToolValidatorExport } from "./tool-exports.js";

/** What index.js and index.d.ts are made from: every tool with its exports. */
export interface ToolValidators {
  readonly model: ToolModel;
  readonly exports: readonly ToolValidatorExport[];
}

const MAP_DOC =
  "/** Every tool's validators by tool name: pass it as `validators` to `createClientToolRunner` (arguments) and to `ClientCallBroker` (results). */\n";

/** index.js: the `clientToolValidators` map, importing every tool's module. */
export function validatorsMapModule(tools: readonly ToolValidators[]): string {
  const entries = tools.map(({ model, exports }) => `  ${propertyKey(model.name)}: { ${exports.map((e) => `${e.role}: ${e.name}`).join(", ")} },\n`);
  return `${imports(tools, "import")}${MAP_DOC}export const clientToolValidators = {\n${entries.join("")}};\n`;
}

/**
 * index.d.ts: the map as a type literal (an interface has no implicit index signature, so it
 * would not fit the runtime's `ClientToolValidators`); the validator type every module uses comes
 * from templates/validators-index.ts.
 */
export function validatorsMapDeclarations(tools: readonly ToolValidators[]): string {
  const entries = tools.map(
    ({ model, exports }) => `  readonly ${propertyKey(model.name)}: { ${exports.map((e) => `readonly ${e.role}: typeof ${e.name}`).join("; ")} };\n`,
  );
  return fillTemplate(loadTemplate("validators-index"), {
    imports: imports(tools, "import type"),
    map: `${MAP_DOC}export declare const clientToolValidators: {\n${entries.join("")}};\n`,
  });
}

function imports(tools: readonly ToolValidators[], statement: string): string {
  const lines = tools.map(({ model, exports }) => `${statement} { ${exports.map((e) => e.name).join(", ")} } from "./${model.id}.js";\n`);
  return lines.length === 0 ? "" : `${lines.join("")}\n`;
}
