import type { ClientToolSpec } from "@gen-client-tools/runtime/core";
import { CONTENT_RESULT_SCHEMA, CONTENT_RESULT_TYPE, unknownMode } from "@gen-client-tools/runtime/core";
import type { ToolModel } from "../model/tool-model.js";
import { banner } from "../output-format/banner.js";
import { type PiecedText, piecedText } from "../text-chunks.js";
import { docComment, propertyKey, tsString } from "./escape.js";
import { emitSchemaTypes } from "./schema-types/index.js";
import { fillTemplateRegion, loadTemplate, templateDoc } from "./template.js";
import { resultTypeOf } from "./tool-types.js";

/**
 * What the types emitter keeps for the next run in the process (see GenerationCache): each tool's declarations and its
 * row in `ClientTools`, by its spec.
 */
export interface TypesMemo {
  readonly typesPieces: WeakMap<ClientToolSpec, ToolTypes>;
}

export interface ToolTypes {
  readonly pieces: readonly string[];
  readonly row: string;
}

/**
 * A file of every tool's parts, in pieces, with where each tool's parts are: the indexes of its pieces, in the order
 * its emitter gives them (see ToolPieces).
 */
export interface ToolsFile extends PiecedText {
  /** By tool name (not its spec, which the file then need not keep alive). */
  readonly toolPieces: ReadonlyMap<string, readonly number[]>;
  /** The indexes of the pieces that lie inside a declaration (a tool's entry in a list): they export nothing. */
  readonly innerPieces: ReadonlySet<number>;
}

/**
 * types.ts: per tool its Args, Result and action types; then `ClientTools`, a row per tool, from which the template
 * derives the rest. A tool's pieces are its declarations, then its row.
 */
export function emitTypesFile(models: readonly ToolModel[], cache?: TypesMemo): ToolsFile {
  // In pieces, never joined: the file is tens of megabytes for thousands of tools (see PiecedText).
  const tools: string[] = [];
  const declarations: number[][] = [];
  if (models.some((model) => model.mode === "awaited-content")) {
    const rootDoc =
      "What the client answers a tool awaited without an outputSchema " +
      "with: text for the model, as an MCP tool result carries it.";
    tools.push(
      `${emitSchemaTypes(CONTENT_RESULT_SCHEMA, { rootName: CONTENT_RESULT_TYPE, defPrefix: CONTENT_RESULT_TYPE, rootDoc }).code}\n`,
    );
  }
  const rows: string[] = [];
  for (const model of models) {
    let types = cache?.typesPieces.get(model.spec);
    if (types === undefined) {
      types = { pieces: toolTypes(model), row: rowOf(model) };
      cache?.typesPieces.set(model.spec, types);
    }
    declarations.push(types.pieces.map((_, i) => tools.length + i));
    tools.push(...types.pieces);
    rows.push(types.row);
  }
  tools.push(`${templateDoc("types", "ClientTools")}export interface ClientTools {\n`);
  const firstRow = tools.length;
  tools.push(...rows, "}\n");
  const { pieces, at } = fillTemplateRegion(loadTemplate("types"), "tools", tools);
  // The banner, then the template's pieces.
  const offset = 1 + at;
  const toolPieces = new Map(
    models.map((model, i) => [model.name, [...declarations[i]!, firstRow + i].map((index) => offset + index)] as const),
  );
  const innerPieces = new Set(rows.map((_, i) => offset + firstRow + i));
  return { ...piecedText([banner()].concat(pieces)), toolPieces, innerPieces };
}

/**
 * A tool's declarations, in pieces that each hold whole ones: its Args, PartialArgs, Result and action types. Built
 * from the model's spec alone (its names and mode come from it), so a cache keeps them by the spec.
 */
function toolTypes(model: ToolModel): string[] {
  const pieces: string[] = [];
  const add = (...parts: string[]): void => void pieces.push(parts.join(""));
  add(`// ${model.name} (${model.mode})\n\n`);
  const args = emitSchemaTypes(model.spec.parameters, {
    rootName: model.types.args,
    defPrefix: model.types.args,
    rootDoc: `Arguments of the tool: ${model.spec.description}`,
  });
  add(args.code, "\n");
  add(
    docComment(
      `The arguments of \`${model.name}\` as far as they have streamed in: every ` +
        `property optional, at every depth; a value from a list shows only once whole.`,
      "",
    ),
    `export type ${model.types.partialArgs} = PartialArgsOf<${model.types.args}>;\n\n`,
  );
  add(resultTypes(model));
  add(
    docComment(
      `The action a frontend receives when the model calls ` +
        `\`${model.name}\`: the arguments flattened beside \`kind\`.`,
      "",
    ),
    `export type ${model.types.action} ` +
      `= { readonly kind: ${tsString(`ClientAction_${model.name}`)} } & ${args.wireArgsType};\n\n`,
  );
  return pieces;
}

/** A tool's row in `ClientTools`, with its doc comment: the runtime reads every other map from these. */
function rowOf(model: ToolModel): string {
  const privateInput = model.mode === "private-input" ? `; readonly privateInput: ${model.types.privateInput}` : "";
  const kind = tsString(`ClientAction_${model.name}`);
  return (
    `${docComment(model.spec.description, "  ")}  readonly ${propertyKey(model.name)}: ` +
    `{ readonly kind: ${kind}; readonly mode: ${tsString(model.mode)}; readonly args: ${model.types.args}; ` +
    `readonly result: ${resultTypeOf(model)}; readonly action: ${model.types.action}${privateInput} };\n`
  );
}

/**
 * The declarations of what the tool's call gives back: an awaited tool's Result type; nothing for a fire-and-forget
 * tool.
 */
function resultTypes(model: ToolModel): string {
  switch (model.mode) {
    case "fire-and-forget":
      return "";
    case "awaited": {
      const rootDoc =
        `What the client answers a call of \`${model.name}\` with ` +
        `(the broker checks it against the tool's outputSchema).`;
      return `${emitSchemaTypes(model.spec.outputSchema, { rootName: model.types.result, defPrefix: model.types.result, rootDoc }).code}\n`;
    }
    case "awaited-content":
      return `${docComment(
        `What the client answers a call of \`${model.name}\` with: text ` +
          `for the model (the tool is awaited without an outputSchema).`,
        "",
      )}export type ${model.types.result} = ${CONTENT_RESULT_TYPE};\n\n`;
    case "private-input": {
      const rootDoc =
        `The private value the client collects for a call of \`${model.name}\`: it ` +
        `goes to the server's handler (ClientInputHandlers), never to the model.`;
      const privateInput = emitSchemaTypes(model.spec.privateInput.schema, {
        rootName: model.types.privateInput,
        defPrefix: model.types.privateInput,
        rootDoc,
      }).code;
      const resultDoc =
        `What the model sees of a call of \`${model.name}\` once the server's ` +
        `handler took the private input (the spec's privateInput.response).`;
      const response = emitSchemaTypes(
        { const: model.spec.privateInput.response },
        { rootName: model.types.result, defPrefix: model.types.result, rootDoc: resultDoc },
      ).code;
      return `${privateInput}\n${response}\n`;
    }
    default:
      return unknownMode(model);
  }
}
