import type { JsonValue, SchemaDialect } from "@gen-client-tools/runtime/core";
import type { Keywords } from "./keywords.js";
import type { Kinds } from "./kinds.js";
import type { Ty } from "./ty.js";

/** What the keyword translators share, so that none of them imports another. */
export interface TypeContext {
  /**
   * The schema's draft. Where they differ: in draft-07 `$ref` ignores its
   * siblings, an `items` array is a tuple whose rest is `additionalItems`, and
   * there are no `prefixItems` or `unevaluated*` keywords.
   */
  readonly dialect: SchemaDialect;
  /**
   * The type of `schema`, keeping only values of `kinds` (the kinds its parent
   * already allows). `indent` is the indentation of the line the type starts
   * on. `naked`: the type is a direct union or intersection member of a named
   * type, where TypeScript cannot defer a reference to that same type.
   */
  typeOf(schema: JsonValue, kinds: Kinds, indent: string, naked: boolean): Ty;
  /** typeOf for an object schema whose keywords the caller has read already (for its documentation too). */
  keywordsType(keywords: Keywords, kinds: Kinds, indent: string, naked: boolean): Ty;
  /** The type a `$ref` stands for, with the same parameters as typeOf. */
  refType(ref: string, kinds: Kinds, indent: string, naked: boolean): Ty;
}
