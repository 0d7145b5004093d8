import { INDEX_MODULE } from "./file-names.js";
import type { ToolValidatorExport } from "./tool-exports.js";

/** `<id>.d.ts`: each validator of the tool as a type guard of its generated type. */
export function toolDeclarations(exports: readonly ToolValidatorExport[]): string {
  return [
    `import type { ${exports.map((e) => e.type).join(", ")} } from "../types.js";`,
    `import type { ClientToolValidator } from "./${INDEX_MODULE}.js";`,
    "",
    ...exports.map((e) => `${e.doc}export declare const ${e.name}: ClientToolValidator<${e.type}>;`),
    "",
  ].join("\n");
}

