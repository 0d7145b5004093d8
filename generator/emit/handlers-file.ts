import { clientToolContractOf } from "@gen-client-tools/runtime/core";
import type { ToolModel } from "../model/tool-model.js";
import { banner } from "../output-format/banner.js";
import { propertyKey, tsString } from "./escape.js";
import { fillTemplate, loadTemplate } from "./template.js";

/** What handlers.ts says of one tool: its line in the modes table, its part of the contract, and its own `mcp_arg_kind`. */
interface ToolHandlerLines {
  readonly mode: string;
  readonly contract: string;
  readonly ownMcpArgKind: string | undefined;
}

/** What the handlers emitter keeps for the next run in the process: each model's lines, which depend on it alone. */
export interface HandlersMemo {
  handlersLines?: WeakMap<ToolModel, ToolHandlerLines>;
}

/**
 * handlers.ts: the runtime's dispatch functions bound to `ClientTools` and to a table of each
 * tool's mode by name (one line a tool); with `--validators`, to the generated argument
 * validators too. And the page's contract with the server (`clientToolContract`).
 */
export function emitHandlersFile(
  models: readonly ToolModel[],
  options: { readonly validators: boolean },
  cache?: HandlersMemo,
): string {
  const kept = cache?.handlersLines;
  const next = new WeakMap<ToolModel, ToolHandlerLines>();
  const lines = models.map((model) => {
    const found = kept?.get(model) ?? toolHandlerLines(model);
    next.set(model, found);
    return found;
  });
  if (cache !== undefined) cache.handlersLines = next;
  const ownMcpArgKind = lines.flatMap((line) => (line.ownMcpArgKind === undefined ? [] : [line.ownMcpArgKind]));
  const table = [
    "  tools: {\n",
    ...lines.map((line) => line.mode),
    "  },\n",
    ownMcpArgKind.length === 0 ? "" : `  ownMcpArgKind: [${ownMcpArgKind.join(", ")}],\n`,
    options.validators ? "  validators: clientToolValidators,\n" : "",
  ].join("");
  return (
    banner() +
    fillTemplate(loadTemplate("handlers"), {
      validators: options.validators ? 'import { clientToolValidators } from "./validators/index.js";\n' : "",
      table,
      contract: contractDeclaration(lines),
    })
  );
}

function toolHandlerLines(model: ToolModel): ToolHandlerLines {
  // The contract of one tool is the version, then the tool's entry: the entry is what this tool adds to the whole.
  const [, entry] = clientToolContractOf([{ ...model.spec, fingerprints: model.fingerprints }]).split(".");
  return {
    mode: `    ${propertyKey(model.name)}: ${tsString(model.mode)},\n`,
    contract: `  ${tsString(`.${entry!}`)} +\n`,
    ownMcpArgKind: hasOwnMcpArgKind(model) ? tsString(model.name) : undefined,
  };
}

/**
 * One line a tool, so that a diff shows which tools changed, and the empty string last, so that a
 * tool added is a line added; literals joined by `+`, which a bundler folds, and drops from a page
 * that does not send the contract. The models come sorted by name, as the contract lists its tools.
 */
function contractDeclaration(lines: readonly ToolHandlerLines[]): string {
  const version = clientToolContractOf([]);
  return `export const clientToolContract: string =\n  ${tsString(version)} +\n${lines.map((line) => line.contract).join("")}  "";\n`;
}

/** Whether the tool declares an argument named `mcp_arg_kind` and none named `kind`. */
function hasOwnMcpArgKind(model: ToolModel): boolean {
  const properties = model.spec.parameters["properties"];
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return false;
  return Object.hasOwn(properties, "mcp_arg_kind") && !Object.hasOwn(properties, "kind");
}
