import { childPointer } from "../../../runtime/tool-spec/json-pointer.js";
import type { FileProblem } from "../../diagnostics.js";
import type { ToolModel } from "../../model/tool-model.js";

/** Where in its spec file a tool's validator problem is shown: at the tool's name, or at the schema a validator comes from. */
export function toolProblem(model: ToolModel, at: "name" | "args" | "result", message: string): FileProblem {
  const { file, pointer, parametersKey } = model.source;
  return { file, pointer: childPointer(pointer, at === "name" ? "name" : at === "result" ? "outputSchema" : parametersKey), message };
}
