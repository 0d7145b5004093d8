import { banner } from "../output-format/banner.js";
import { fillTemplate, loadTemplate } from "./template.js";

/** index.ts: re-exports the generated modules. */
export function emitIndexFile(): string {
  return banner() + fillTemplate(loadTemplate("index"), {});
}
