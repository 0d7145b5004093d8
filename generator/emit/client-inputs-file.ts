import { banner } from "../output-format/banner.js";
import { fillTemplate, loadTemplate } from "./template.js";

/** client-inputs.ts: the server's `ClientInputHandlers` of the private-input tools, and their binding for the broker. */
export function emitClientInputsFile(): string {
  return banner() + fillTemplate(loadTemplate("client-inputs"), {});
}
