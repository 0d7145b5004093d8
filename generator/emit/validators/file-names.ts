import type { Diagnostic } from "../../diagnostics.js";
import type { ToolModel } from "../../model/tool-model.js";
import { toolDiagnostic } from "./locate.js";

/** The folder inside the output folder, and the file of the `clientToolValidators` map in it. */
export const VALIDATORS_FOLDER = "validators";
export const INDEX_MODULE = "index";

/**
 * Tools whose validator files would collide: a tool whose module would be the map's own
 * file, or two whose modules differ only in case (one file on macOS and Windows).
 */
export function fileNameProblems(models: readonly ToolModel[]): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const taken = new Map<string, ToolModel | undefined>([[INDEX_MODULE, undefined]]);
  for (const model of models) {
    const file = `${VALIDATORS_FOLDER}/${model.id}.ts`;
    const folded = model.id.toLowerCase();
    if (!taken.has(folded)) {
      taken.set(folded, model);
      continue;
    }
    const other = taken.get(folded);
    const message =
      other === undefined
        ? `tool ${JSON.stringify(model.name)} would write its validators to ${file}, the file of the validators map: rename the tool, or generate without validators`
        : `tools ${JSON.stringify(other.name)} (${other.source.document.displayPath}) and ${JSON.stringify(model.name)} would write their validators to ${VALIDATORS_FOLDER}/${other.id}.ts and ${file}, one file where names ignore case (macOS, Windows): rename one of them`;
    problems.push(toolDiagnostic(model, "name", message));
  }
  return problems;
}
