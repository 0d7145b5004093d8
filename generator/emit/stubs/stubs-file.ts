import type { ToolModel } from "../../model/tool-model.js";
import { docComment, propertyKey, tsString } from "../escape.js";
import { fillTemplate, loadTemplate } from "../template.js";

/** The exported handlers object the stubs file holds, and that updates add methods to. */
export const HANDLERS_VARIABLE = "clientToolHandlers";

/** One stub method: compiles, and fails loudly at run time until the user implements it. */
export function stubMethod(model: ToolModel, indent: string): string {
  const message = tsString(`client tool "${model.name}" is not implemented yet`);
  return [
    docComment(model.spec.description, indent).trimEnd(),
    `${indent}${propertyKey(model.name)}(_args, _ctx) {`,
    `${indent}  throw new Error(${message});`,
    `${indent}},`,
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * A new handlers file for the user to fill in: a compiling skeleton with one method per tool.
 * Written only when the file does not exist; after that it is the user's.
 */
export function emitStubsFile(models: readonly ToolModel[], importPath: string): string {
  return fillTemplate(loadTemplate("stubs"), {
    import: `import type { ClientToolHandlers } from ${tsString(importPath)};\n`,
    stubs: models.map((model) => `${stubMethod(model, "  ")}\n`).join(""),
  });
}
