import { clientToolContractOf } from "@gen-client-tools/runtime/core";
import type { ToolModel } from "../model/tool-model.js";
import { banner } from "../output-format/banner.js";
import { propertyKey, tsString } from "./escape.js";
import { fillTemplate, loadTemplate } from "./template.js";

/**
 * handlers.ts: the runtime's dispatch functions bound to `ClientTools` and to a table of each
 * tool's mode by name (one line a tool); with `--validators`, to the generated argument
 * validators too. And the page's contract with the server (`clientToolContract`).
 */
export function emitHandlersFile(models: readonly ToolModel[], options: { readonly validators: boolean }): string {
  const ownMcpArgKind = models.filter((m) => m.ownMcpArgKind).map((m) => tsString(m.name));
  const table = [
    "  tools: {\n",
    ...models.map((m) => `    ${propertyKey(m.name)}: ${tsString(m.mode)},\n`),
    "  },\n",
    ownMcpArgKind.length === 0 ? "" : `  ownMcpArgKind: [${ownMcpArgKind.join(", ")}],\n`,
    options.validators ? "  validators: clientToolValidators,\n" : "",
  ].join("");
  return (
    banner() +
    fillTemplate(loadTemplate("handlers"), {
      validators: options.validators ? 'import { clientToolValidators } from "./validators/index.js";\n' : "",
      table,
      contract: contractDeclaration(models),
    })
  );
}

/**
 * One line a tool, so that a diff shows which tools changed, and the empty string last, so that a
 * tool added is a line added; literals joined by `+`, which a bundler folds, and drops from a page
 * that does not send the contract. A tool's entry is its name and the version its model worked out
 * (clientToolContractOf's format); the models come sorted by name, as the contract lists its tools.
 */
function contractDeclaration(models: readonly ToolModel[]): string {
  const literals = [clientToolContractOf([]), ...models.map((m) => `.${m.name}~${m.version}`)];
  return `export const clientToolContract: string =\n${literals.map((literal) => `  ${tsString(literal)} +\n`).join("")}  "";\n`;
}
