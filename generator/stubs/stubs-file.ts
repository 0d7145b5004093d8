import { docComment, propertyKey, tsString } from "../emit/escape.js";
import type { ToolModel } from "../model/tool-model.js";

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
  return [
    "// Handlers for the client tools. This file is yours: gen-client-tools adds a stub here for each",
    "// new tool and never changes what you wrote.",
    `import type { ClientToolHandlers } from ${tsString(importPath)};`,
    "",
    "/**",
    " * What every handler receives besides its arguments: put your app's services here. Pass them",
    " * as `ctx` to dispatchClientAction, and as `context` to createClientToolRunner, which adds",
    " * `signal` and `request` beside them.",
    " */",
    "export interface ClientToolContext {",
    "  readonly signal?: AbortSignal;",
    "}",
    "",
    `export const ${HANDLERS_VARIABLE}: ClientToolHandlers<ClientToolContext> = {`,
    ...models.map((model) => stubMethod(model, "  ")),
    "};",
    "",
  ].join("\n");
}
