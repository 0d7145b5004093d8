import { unknownMode } from "@gen-client-tools/runtime/core";
import type { ToolModel } from "../model/tool-model.js";

/**
 * The generated type of what a call of the tool gives back (for a private input, the response the model sees): its
 * Result type, or `void`.
 */
export function resultTypeOf(model: ToolModel): string {
  switch (model.mode) {
    case "fire-and-forget":
      return "void";
    case "awaited":
    case "awaited-content":
    case "private-input":
      return model.types.result;
    default:
      return unknownMode(model);
  }
}

/** The generated types of a tool: its arguments', its result's when it has one, and its private input's. */
export function typeNamesOf(model: ToolModel): string[] {
  switch (model.mode) {
    case "fire-and-forget":
      return [model.types.args];
    case "awaited":
    case "awaited-content":
      return [model.types.args, model.types.result];
    case "private-input":
      return [model.types.args, model.types.result, model.types.privateInput];
    default:
      return unknownMode(model);
  }
}
