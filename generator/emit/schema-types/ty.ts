/**
 * A TypeScript type expression as text, with how tightly it binds, so that
 * composing types adds parentheses only where the grammar needs them.
 */
export interface Ty {
  readonly text: string;
  readonly binding: Binding;
  /** A union's members, so that a union of unions lists each member once. */
  readonly members?: readonly Ty[];
}

/**
 * Union binds loosest, then intersection, then a type operator such as
 * `readonly [1]` (fine in a union, not before `[]` or `?`); the rest is primary.
 */
export type Binding = "union" | "intersection" | "operator" | "primary";

export const UNKNOWN: Ty = primary("unknown");
export const NEVER: Ty = primary("never");

export function primary(text: string): Ty {
  return { text, binding: "primary" };
}

/** `ty` as text that is safe where a primary type is expected (`T[]`, `T?`). */
export function asPrimary(ty: Ty): string {
  return ty.binding === "primary" ? ty.text : `(${ty.text})`;
}

/** A union, `unknown` absorbing everything and `never` vanishing; members in first-seen order, once each. */
export function unionOf(members: readonly Ty[]): Ty {
  if (members.length === 1 && members[0] !== undefined) return members[0];
  const kept: Ty[] = [];
  const seen = new Set<string>();
  for (const member of members) {
    for (const m of member.members ?? [member]) {
      if (m.text === UNKNOWN.text) return UNKNOWN;
      if (m.text === NEVER.text || seen.has(m.text)) continue;
      seen.add(m.text);
      kept.push(m);
    }
  }
  const [first] = kept;
  if (first === undefined) return NEVER;
  if (kept.length === 1) return first;
  return { text: kept.map((m) => m.text).join(" | "), binding: "union", members: kept };
}

/** An intersection, `never` absorbing everything and `unknown` vanishing. */
export function intersectionOf(members: readonly Ty[]): Ty {
  // Members are few (a $ref, the value keywords, the combinators): a linear duplicate check beats a Set.
  const parts: Ty[] = [];
  for (const m of members) {
    if (m.text === NEVER.text) return NEVER;
    if (m.text !== UNKNOWN.text && !parts.some((p) => p.text === m.text)) parts.push(m);
  }
  const [first] = parts;
  if (first === undefined) return UNKNOWN;
  if (parts.length === 1) return first;
  return { text: parts.map((p) => (p.binding === "union" ? `(${p.text})` : p.text)).join(" & "), binding: "intersection" };
}
