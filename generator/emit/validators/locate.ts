import { childPointer } from "@gen-client-tools/runtime/core";
import type { FileProblem } from "../../diagnostics.js";
import type { ToolModel } from "../../model/tool-model.js";
import { ROLE_SCHEMA, type ValidatorRole } from "./tool-exports.js";

/**
 * Where in its spec file a tool's validator problem is shown: at the tool's name, or at the schema a validator comes
 * from.
 */
export function toolProblem(model: ToolModel, at: "name" | ValidatorRole, message: string): FileProblem {
  const { file, pointer, parametersKey } = model.source;
  return {
    file,
    pointer:
      at === "name"
        ? childPointer(pointer, "name")
        : at === "args"
          ? childPointer(pointer, parametersKey)
          : `${pointer}/${ROLE_SCHEMA[at]}`,
    message,
  };
}
