import type { ToolModel } from "../model/tool-model.js";
import { resultTypeOf, typeNamesOf } from "./tool-types.js";
import { banner } from "../output-format/banner.js";
import { docComment, propertyKey, tsString } from "./escape.js";
import { fillTemplate, loadTemplate, templateDoc } from "./template.js";

/** handlers.ts: the `ClientToolHandlers` interface and the dispatch helpers around it. */
export function emitHandlersFile(models: readonly ToolModel[]): string {
  const typeNames = models.flatMap(typeNamesOf);
  const imports = typeNames.map((name) => `  ${name},\n`).join("");
  const methods = models.map((m) => {
    const result = `${resultTypeOf(m)} | Promise<${resultTypeOf(m)}>`;
    return `${docComment(m.spec.description, "  ")}  readonly ${propertyKey(m.name)}: (args: ${m.types.args}, ctx: Ctx) => ${result};\n`;
  });
  const set = (names: readonly string[]): string => (names.length === 0 ? "new Set()" : `new Set([\n${names.map((n) => `  ${tsString(n)},\n`).join("")}])`);
  const handlers = [
    templateDoc("handlers", "ClientToolHandlers"),
    "export interface ClientToolHandlers<Ctx = void> {\n",
    ...methods,
    "}\n\n",
    `const clientToolNames: ReadonlySet<string> = ${set(models.map((m) => m.name))};\n`,
    templateDoc("handlers", "toolsWithKindArgument"),
    `const toolsWithKindArgument: ReadonlySet<string> = ${set(models.filter(hasKindArgument).map((m) => m.name))};\n`,
  ].join("");
  return banner() + fillTemplate(loadTemplate("handlers"), { imports, handlers });
}

/** Whether the agent server renames one of this tool's arguments from `kind` to `mcp_arg_kind`. */
function hasKindArgument(model: ToolModel): boolean {
  const properties = model.spec.parameters["properties"];
  return typeof properties === "object" && properties !== null && !Array.isArray(properties) && Object.hasOwn(properties, "kind");
}
