import { childPointer, pointerTokens } from "../../../runtime/spec/json-pointer.js";
import type { JsonValue } from "../../../runtime/spec/types.js";
import { valueAtPointer } from "../../../runtime/spec/json-walk.js";
import { locateInJson, type Diagnostic } from "../../diagnostics.js";
import type { ToolModel } from "../../model/tool-model.js";

/** Where in its spec file a tool's validator problem is shown: at the tool's name, or at the schema a validator comes from. */
export function toolDiagnostic(model: ToolModel, at: "name" | "args" | "result", message: string): Diagnostic {
  const { document, pointer } = model.source;
  const key = at === "name" ? "name" : at === "result" ? "outputSchema" : parametersKey(document.value as JsonValue, pointer);
  return locateInJson(document.displayPath, document.text, [{ pointer: childPointer(pointer, key), message }])[0]!;
}

/** A spec gives its parameters as `parameters` or, in MCP's spelling, `inputSchema`. */
function parametersKey(root: JsonValue, pointer: string): string {
  const spec = valueAtPointer(root, pointerTokens(pointer));
  const has = (key: string): boolean => typeof spec === "object" && spec !== null && Object.hasOwn(spec, key);
  return has("inputSchema") && !has("parameters") ? "inputSchema" : "parameters";
}
