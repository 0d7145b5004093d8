import type { ToolModel } from "../model/tool-model.js";
import type { JsonObject } from "../../runtime/spec/types.js";
import { banner } from "./banner.js";
import { fillTemplate, loadTemplate } from "./template.js";
import { jsonLiteral } from "./json-literal.js";

/** specs.ts: the specs as written (deep-frozen, `as const`), each with its fingerprints, and their registration. */
export function emitSpecsFile(models: readonly ToolModel[]): string {
  const entries = models.map((m) => `  ${jsonLiteral({ ...m.spec, fingerprints: { ...m.fingerprints } } as unknown as JsonObject, "  ")},\n`);
  const specs = [
    "/** The client tools' specs as written, deep-frozen, each with its schema fingerprints. */\n",
    `export const clientToolSpecs = /*#__PURE__*/ deepFreeze([\n${entries.join("")}] as const);\n`,
  ].join("");
  return banner() + fillTemplate(loadTemplate("specs"), { specs });
}
