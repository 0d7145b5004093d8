import type { FileProblem } from "../../diagnostics.js";
import type { ToolModel } from "../../model/tool-model.js";
import { toolProblem } from "./locate.js";

/** The folder inside the output folder, and the file of the `clientToolValidators` map in it. */
export const VALIDATORS_FOLDER = "validators";
export const INDEX_MODULE = "index";
/** The file of `clientToolSchemas`: never a tool's, whose ids have no "-". */
export const STANDARD_SCHEMAS_MODULE = "standard-schemas";

/**
 * Tools whose validator module would be the map's own file. (Two names that differ only in
 * case, one file on macOS and Windows, are refused by the model's naming rules already.)
 */
export function fileNameProblems(models: readonly ToolModel[]): FileProblem[] {
  return models
    .filter((model) => model.id.toLowerCase() === INDEX_MODULE)
    .map((model) =>
      toolProblem(
        model,
        "name",
        `tool ${JSON.stringify(model.name)} would write its validators to ${VALIDATORS_FOLDER}/${model.id}.ts, ` +
          `the file of the validators map: rename the tool, or generate without validators`,
      ),
    );
}
