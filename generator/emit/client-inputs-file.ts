import type { ToolModel } from "../model/tool-model.js";
import { banner } from "../output-format/banner.js";
import { tsString } from "./escape.js";
import { fillTemplate, loadTemplate } from "./template.js";

/**
 * client-inputs.ts: the server's `ClientInputHandlers` of the private-input tools, and their binding for the broker.
 */
export function emitClientInputsFile(models: readonly ToolModel[]): string {
  const names = models.filter((m) => m.mode === "private-input").map((m) => `  ${tsString(m.name)},\n`);
  return banner() + fillTemplate(loadTemplate("client-inputs"), { names: names.join("") });
}
