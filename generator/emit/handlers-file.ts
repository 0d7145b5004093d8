import type { ToolModel } from "../model/tool-model.js";
import { resultTypeOf, typeNamesOf } from "./tool-types.js";
import { banner } from "../output-format/banner.js";
import { docComment, propertyKey, tsString } from "./escape.js";
import { fillTemplate, loadTemplate, templateDoc } from "./template.js";

/** handlers.ts: the `ClientToolHandlers` interface and the dispatch helpers around it. */
export function emitHandlersFile(models: readonly ToolModel[], options: { readonly validators: boolean }): string {
  // A private-input tool's handler returns its private input; the response is the server's to give.
  const typeNames = models.flatMap((m) => (m.mode === "private-input" ? [m.types.args, m.types.privateInput] : typeNamesOf(m)));
  const imports = typeNames.map((name) => `  ${name},\n`).join("");
  const methods = models.map((m) => {
    const returned = m.mode === "private-input" ? m.types.privateInput : resultTypeOf(m);
    const result = `${returned} | Promise<${returned}>`;
    return `${docComment(m.spec.description, "  ")}  readonly ${propertyKey(m.name)}: (args: ${m.types.args}, ctx: Ctx) => ${result};\n`;
  });
  const set = (names: readonly string[]): string => (names.length === 0 ? "new Set()" : `new Set([\n${names.map((n) => `  ${tsString(n)},\n`).join("")}])`);
  const handlers = [
    templateDoc("handlers", "ClientToolHandlers"),
    "export interface ClientToolHandlers<Ctx = void> {\n",
    ...methods,
    "}\n\n",
    `const clientToolNames: ReadonlySet<string> = ${set(models.map((m) => m.name))};\n`,
    templateDoc("handlers", "fireAndForgetTools"),
    `const fireAndForgetTools: ReadonlySet<string> = ${set(models.filter((m) => m.mode === "fire-and-forget").map((m) => m.name))};\n`,
    templateDoc("handlers", "privateInputTools"),
    `const privateInputTools: ReadonlySet<string> = ${set(models.filter((m) => m.mode === "private-input").map((m) => m.name))};\n`,
    templateDoc("handlers", "toolsWithOwnMcpArgKind"),
    `const toolsWithOwnMcpArgKind: ReadonlySet<string> = ${set(models.filter(hasOwnMcpArgKind).map((m) => m.name))};\n`,
  ].join("");
  const validators = options.validators
    ? `import { clientToolValidators } from "./validators/index.js";\n\n/** The argument validators made with \`--validators\`: \`dispatchToolCall\` and \`toClientAction\` check every call with them. */\nconst generatedValidators: ClientToolArgsValidators | undefined = clientToolValidators;\n`
    : `${templateDoc("handlers", "generatedValidators")}const generatedValidators: ClientToolArgsValidators | undefined = undefined;\n`;
  return banner() + fillTemplate(loadTemplate("handlers"), { imports, validators, handlers });
}

/** Whether the tool declares an argument named `mcp_arg_kind` and none named `kind`. */
function hasOwnMcpArgKind(model: ToolModel): boolean {
  const properties = model.spec.parameters["properties"];
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return false;
  return Object.hasOwn(properties, "mcp_arg_kind") && !Object.hasOwn(properties, "kind");
}
