import type { PrivateInputToolModel, ToolModel } from "../model/tool-model.js";
import { banner } from "../output-format/banner.js";
import { docComment, propertyKey, tsString } from "./escape.js";
import { fillTemplate, loadTemplate, templateDoc } from "./template.js";

/** client-inputs.ts: the server's `ClientInputHandlers` of the private-input tools, and their wiring for the broker. */
export function emitClientInputsFile(models: readonly ToolModel[]): string {
  const tools = models.filter((model): model is PrivateInputToolModel => model.mode === "private-input");
  const typeNames = tools.flatMap((m) => [m.types.args, m.types.privateInput]);
  const imports = typeNames.length === 0 ? "" : `import type { ${typeNames.join(", ")} } from "./types.js";\n`;
  const methods = tools.map(
    (m) => `${docComment(m.spec.description, "  ")}  readonly ${propertyKey(m.name)}: (privateInput: ${m.types.privateInput}, args: ${m.types.args}, ctx: Ctx) => Promise<void>;\n`,
  );
  const handlers = [
    templateDoc("client-inputs", "ClientInputHandlers"),
    tools.length === 0
      ? // No private-input tool: a type that still takes (and uses) Ctx, so code written for later tools compiles.
        "export type ClientInputHandlers<Ctx = ClientInputCall> = { readonly [name in never]: (ctx: Ctx) => Promise<void> };\n\n"
      : `export interface ClientInputHandlers<Ctx = ClientInputCall> {\n${methods.join("")}}\n\n`,
    `const privateInputToolNames: readonly string[] = [${tools.map((m) => tsString(m.name)).join(", ")}];\n`,
  ].join("");
  return banner() + fillTemplate(loadTemplate("client-inputs"), { imports, handlers });
}
