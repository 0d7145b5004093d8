import type { JsonObject } from "@gen-client-tools/runtime/core";
import { schemaDialect } from "@gen-client-tools/runtime/core";
import { docComment } from "../escape.js";
import type { TypeContext } from "./context.js";
import { schemaDoc } from "./docs.js";
import { ALL_KINDS } from "./kinds.js";
import { hasNakedRefs, resolveNakedRefs } from "./naked-refs.js";
import { References } from "./references.js";
import { keywordsType, schemaType } from "./schema-type.js";
import { mappedWireArgs, renameKind, wireArgsShape } from "./wire-args.js";

export interface SchemaTypesOptions {
  /** Exported name of the root type, e.g. "OpenFileViewerArgs". */
  readonly rootName: string;
  /**
   * Local $refs to "#/$defs/<k>" or "#/definitions/<k>" become named types
   * `${defPrefix}_${k'}` where k' is k with every char outside [A-Za-z0-9]
   * written as `$XX` hex (`$uXXXX` above U+00FF; injective); e.g. defPrefix
   * "OpenFileViewerArgs".
   */
  readonly defPrefix: string;
  /** Text for the root type's JSDoc, before the schema's own documentation. */
  readonly rootDoc?: string;
}

export interface EmittedSchemaTypes {
  /**
   * `export type` declarations, root first, then each referenced definition once, sorted by name; with JSDoc from
   * title/description.
   */
  readonly code: string;
  /** Every type name declared in `code` (for collision checks). */
  readonly names: readonly string[];
  /**
   * The root type with a root-level property `kind` renamed to `mcp_arg_kind`
   * (the OpenHands wire rule for actions), as a type expression that
   * references the names above: rootName when nothing needs renaming, the
   * object type with `mcp_arg_kind` spelled out for a plain object root, and
   * a mapped type over rootName otherwise.
   */
  readonly wireArgsType: string;
}

/**
 * TypeScript declarations for a resolved JSON Schema (draft-07, or 2020-12
 * when `$schema` says nothing else; every `$ref` local). The types are sound:
 * every instance the schema accepts is assignable to the root type.
 */
export function emitSchemaTypes(schema: JsonObject, options: SchemaTypesOptions): EmittedSchemaTypes {
  const { rootName, defPrefix } = options;
  // The check stage rejects any other `$schema`; read an unknown one as the default.
  const dialect = schemaDialect(schema) ?? "2020-12";
  const ctx: TypeContext = {
    dialect,
    typeOf: (s, kinds, indent, naked) => schemaType(ctx, s, kinds, indent, naked),
    keywordsType: (keywords, kinds, indent, naked) => keywordsType(ctx, keywords, kinds, indent, naked),
    refType: (ref, kinds, indent, naked) => references.refType(ref, kinds, indent, naked),
  };
  const references = new References(schema, rootName, defPrefix, dialect, ctx.typeOf);

  const bodies = new Map([[rootName, ctx.typeOf(schema, ALL_KINDS, "", true).text]]);
  const shape = wireArgsShape(schema, dialect);
  const renamed = shape === "renamed" ? ctx.typeOf(renameKind(schema), ALL_KINDS, "", true).text : undefined;
  // `named` grows while bodies are built, and Map iteration visits late additions.
  for (const [name, definition] of references.named) {
    if (name === rootName)
      throw new Error(`the definition type ${name} has the root type's name; choose another defPrefix`);
    bodies.set(name, ctx.typeOf(definition, ALL_KINDS, "", true).text);
  }

  const names = [rootName, ...[...references.named.keys()].sort()];
  const resolved = references.wroteNakedRefs ? resolveNakedRefs(bodies, names) : bodies;
  const docOf = (name: string) =>
    name === rootName
      ? [options.rootDoc ?? "", schemaDoc(schema)].filter((text) => text.trim() !== "").join("\n\n")
      : schemaDoc(references.named.get(name) ?? true);
  const code = names
    .map((name) => `${docComment(docOf(name), "")}export type ${name} = ${resolved.get(name) ?? "unknown"};\n`)
    .join("\n");
  const wireArgsType =
    shape === "same" ? rootName : renamed !== undefined && !hasNakedRefs(renamed) ? renamed : mappedWireArgs(rootName);
  return { code, names, wireArgsType };
}
