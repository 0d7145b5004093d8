import type { JsonObject, JsonValue } from "@gen-client-tools/runtime/core";
import {
  definitionsKeyword,
  isJsonObject,
  own,
  refTokens,
  type SchemaDialect,
  valueAt,
} from "@gen-client-tools/runtime/core";
import type { TypeContext } from "./context.js";
import { defTypeName } from "./def-name.js";
import type { Kinds } from "./kinds.js";
import { nakedRef } from "./naked-refs.js";
import { primary, type Ty, UNKNOWN } from "./ty.js";

/**
 * Turns `$ref`s into types. "#" is the root type; "#/$defs/<k>" and
 * "#/definitions/<k>" are named types, collected here so each is declared
 * once; any other pointer is inlined, and a pointer met again inside its own
 * inlining becomes unknown (it has no name to recurse through).
 */
export class References {
  /** Referenced definitions, name -> schema, in first-reference order (grows while bodies are built). */
  readonly named = new Map<string, JsonValue>();
  private readonly inlining = new Set<JsonObject>();
  private readonly memo = new Map<string, Ty>();
  /** Each distinct $ref is parsed, resolved and named once. */
  private readonly resolved = new Map<
    string,
    { readonly target: JsonValue; readonly name: string | undefined } | undefined
  >();
  /** Counts inlinings cut short, so results that depend on the inlining stack are not memoized. */
  private cutShort = 0;
  /** Whether any type text holds a naked-reference marker: without one, there are no cycles among them to cut. */
  wroteNakedRefs = false;

  constructor(
    private readonly root: JsonObject,
    private readonly rootName: string,
    private readonly defPrefix: string,
    private readonly dialect: SchemaDialect,
    private readonly typeOf: TypeContext["typeOf"],
  ) {}

  refType(ref: string, kinds: Kinds, indent: string, naked: boolean): Ty {
    let resolved = this.resolved.get(ref);
    if (resolved === undefined && !this.resolved.has(ref)) {
      resolved = this.resolve(ref);
      this.resolved.set(ref, resolved);
    }
    // Anchors ("#name") are no pointers; unknown is the sound reading.
    if (resolved === undefined) return UNKNOWN;
    const { target, name } = resolved;
    if (name === undefined) return this.inline(ref, target, kinds, indent, naked);
    if (!naked) return primary(name);
    this.wroteNakedRefs = true;
    return primary(nakedRef(name));
  }

  private resolve(ref: string): { readonly target: JsonValue; readonly name: string | undefined } | undefined {
    const tokens = refTokens(ref);
    if (tokens === undefined) return undefined;
    const target = valueAt(this.root, tokens);
    if (target === undefined) throw new Error(`$ref ${JSON.stringify(ref)} does not resolve within its schema`);
    return { target, name: this.nameOf(tokens, target) };
  }

  private nameOf(tokens: readonly string[], target: JsonValue): string | undefined {
    if (tokens.length === 0) return this.rootName;
    const [container, key] = tokens;
    if (tokens.length !== 2 || key === undefined || (container !== "$defs" && container !== "definitions"))
      return undefined;
    // `$defs/k` and `definitions/k` would share a name: the dialect's own container keeps it, the other is inlined.
    const preferred = definitionsKeyword(this.dialect);
    const other = container === "$defs" ? "definitions" : "$defs";
    const otherContainer = own(this.root, other);
    if (container !== preferred && isJsonObject(otherContainer) && Object.hasOwn(otherContainer, key)) return undefined;
    const name = defTypeName(this.defPrefix, key);
    if (!this.named.has(name)) this.named.set(name, target);
    return name;
  }

  private inline(ref: string, target: JsonValue, kinds: Kinds, indent: string, naked: boolean): Ty {
    const key = JSON.stringify([ref, kinds, indent, naked]);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    if (!isJsonObject(target)) return this.typeOf(target, kinds, indent, naked);
    if (this.inlining.has(target)) {
      this.cutShort++;
      return UNKNOWN;
    }
    const cutBefore = this.cutShort;
    this.inlining.add(target);
    const ty = this.typeOf(target, kinds, indent, naked);
    this.inlining.delete(target);
    if (this.cutShort === cutBefore) this.memo.set(key, ty);
    return ty;
  }
}
