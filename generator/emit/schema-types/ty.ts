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
  let count = 0;
  for (let i = 0; i < members.length; i++) count += members[i]!.members?.length ?? 1;
  // A Set hashes every member's whole text (a nested object type's too); the few members of a
  // typical union are cheaper to compare with each other, as texts of different lengths differ at once.
  const seen = count > SCAN_LIMIT ? new Set<string>() : undefined;
  const kept: Ty[] = [];
  for (let i = 0; i < members.length; i++) {
    const member = members[i]!;
    if (member.members === undefined) {
      if (!keep(member, kept, seen)) return UNKNOWN;
    } else {
      for (let j = 0; j < member.members.length; j++) if (!keep(member.members[j]!, kept, seen)) return UNKNOWN;
    }
  }
  const [first] = kept;
  if (first === undefined) return NEVER;
  if (kept.length === 1) return first;
  return { text: kept.map((m) => m.text).join(" | "), binding: "union", members: kept };
}

/** Up to this many members, unionOf finds duplicates by comparing each with those kept. */
const SCAN_LIMIT = 8;

/**
 * Adds a union member unless it is `never` or kept already (looked up in `seen` when there
 * is one); false when it is `unknown`, which absorbs the union.
 */
function keep(member: Ty, kept: Ty[], seen: Set<string> | undefined): boolean {
  const { text } = member;
  if (text === UNKNOWN.text) return false;
  if (text === NEVER.text) return true;
  if (seen === undefined) {
    for (let i = 0; i < kept.length; i++) if (kept[i]!.text === text) return true;
  } else {
    if (seen.has(text)) return true;
    seen.add(text);
  }
  kept.push(member);
  return true;
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
  return {
    text: parts.map((p) => (p.binding === "union" ? `(${p.text})` : p.text)).join(" & "),
    binding: "intersection",
  };
}
