import type { ToolModel } from "../../model/tool-model.js";
import { HANDLERS_VARIABLE, stubMethod } from "./stubs-file.js";

export interface StubsUpdate {
  /** The new text, or undefined when nothing had to change. */
  readonly text: string | undefined;
  /** Tools that got a stub method. */
  readonly added: readonly string[];
  /** Set when the handlers object could not be found: the user adds these by hand. */
  readonly problem?: string;
}

/** What the stubs emitter keeps for the next run in the process (see GenerationCache): the names the handlers file mentions. */
export interface StubsMemo {
  handlersNames?: { readonly text: string; readonly names: ReadonlySet<string> };
}

/**
 * Adds a stub method for each tool the user's handlers object lacks, keeping every line the
 * user wrote. The cheap text test runs first; ts-morph (a 9 MB compiler) loads only when a
 * tool really is missing.
 */
export async function addMissingStubs(
  text: string,
  models: readonly ToolModel[],
  filePath: string,
  memo?: StubsMemo,
): Promise<StubsUpdate> {
  let mentioned = memo?.handlersNames?.text === text ? memo.handlersNames.names : undefined;
  if (mentioned === undefined) {
    mentioned = mentionedNames(text);
    if (memo !== undefined) memo.handlersNames = { text, names: mentioned };
  }
  const maybeMissing = models.filter((model) => !mentioned.has(model.name));
  if (maybeMissing.length === 0) return { text: undefined, added: [] };

  const { Project, Node, SyntaxKind } = await import("ts-morph");
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: true } });
  const source = project.createSourceFile(filePath.replace(/^.*[\\/]/, "/"), text);
  const declaration =
    source.getVariableDeclaration(HANDLERS_VARIABLE) ??
    source
      .getVariableDeclarations()
      .find((d) => /ClientToolHandlers\b/.test(d.getTypeNode()?.getText() ?? d.getInitializer()?.getText() ?? ""));
  let initializer = declaration?.getInitializer();
  while (
    initializer !== undefined &&
    (Node.isSatisfiesExpression(initializer) ||
      Node.isAsExpression(initializer) ||
      Node.isParenthesizedExpression(initializer))
  ) {
    initializer = initializer.getExpression();
  }
  if (initializer === undefined || !Node.isObjectLiteralExpression(initializer)) {
    return {
      text: undefined,
      added: [],
      problem:
        `found no object literal "${HANDLERS_VARIABLE}" typed ClientToolHandlers; ` +
        `add handlers for ${maybeMissing.map((m) => m.name).join(", ")} by hand`,
    };
  }
  const present = new Set(
    initializer.getProperties().flatMap((property) => {
      if (Node.isSpreadAssignment(property)) return [];
      const nameNode =
        property.getFirstChildByKind(SyntaxKind.Identifier) ?? property.getFirstChildByKind(SyntaxKind.StringLiteral);
      return nameNode === undefined
        ? []
        : [Node.isStringLiteral(nameNode) ? nameNode.getLiteralValue() : nameNode.getText()];
    }),
  );
  const missing = maybeMissing.filter((model) => !present.has(model.name));
  if (missing.length === 0) return { text: undefined, added: [] };

  // Insert the stubs as text before the object's closing brace, in one edit.
  const closing = initializer.getEnd() - 1;
  const before = text.slice(0, closing).trimEnd();
  const indent = /\n([ \t]*)\S[^\n]*$/.exec(before)?.[1] ?? "  ";
  const separator = before.endsWith("{") || before.endsWith(",") ? "" : ",";
  const stubs = missing.map((model) => stubMethod(model, indent)).join("\n");
  const updated = `${before}${separator}\n${stubs}\n${text.slice(closing)}`;
  return { text: updated, added: missing.map((m) => m.name) };
}

/**
 * A quick, conservative text test, in one pass over the file: every word that could be a key or
 * a method name (bare or quoted, then `(`, `:`, `,` or `}`). A tool not among them has no handler.
 */
function mentionedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?<=^|[\s,{])(?:([\w$-]+)|"([\w$-]+)"|'([\w$-]+)')(?=\s*[(:,}])/gm))
    names.add(match[1] ?? match[2] ?? match[3]!);
  return names;
}
