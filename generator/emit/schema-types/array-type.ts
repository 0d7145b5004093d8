import type { JsonValue } from "@gen-client-tools/runtime/core";
import type { TypeContext } from "./context.js";
import type { Keywords } from "./keywords.js";
import { ALL_KINDS } from "./kinds.js";
import { asPrimary, NEVER, type Ty, UNKNOWN } from "./ty.js";

/**
 * The type of the array instances the schema allows, or undefined when it
 * puts no constraint on arrays. Arrays are mutable (`T[]`): handlers receive them
 * as arguments, and a mutable array type still accepts every instance.
 *
 * A tuple (`prefixItems`, or an `items` array in draft-07) makes its first
 * `minItems` elements required and the others optional; the rest comes from
 * `items` (`additionalItems` in draft-07), absent meaning unknown and false
 * meaning none. `maxItems` below the tuple length cuts the tuple.
 */
export function arrayType(ctx: TypeContext, keywords: Keywords, indent: string): Ty | undefined {
  const sub = (s: JsonValue): Ty => ctx.typeOf(s, ALL_KINDS, indent, false);
  const { items } = keywords;
  let prefix: readonly JsonValue[] | undefined;
  let rest: JsonValue | undefined;
  const draft07 = ctx.dialect === "draft-07";
  if (draft07 && Array.isArray(items)) {
    prefix = items as readonly JsonValue[];
    rest = keywords.additionalItems;
  } else {
    const prefixItems = draft07 ? undefined : keywords.prefixItems;
    prefix = Array.isArray(prefixItems) ? (prefixItems as readonly JsonValue[]) : undefined;
    rest = Array.isArray(items) ? undefined : items;
  }
  if (rest === undefined && !draft07) {
    const unevaluated = keywords.unevaluatedItems;
    if (unevaluated !== undefined && !keywords.hasApplicators && keywords.contains === undefined) rest = unevaluated;
  }
  if (prefix === undefined) {
    if (rest === undefined || rest === true) return undefined;
    const element = sub(rest);
    return { text: element.text === NEVER.text ? "[]" : `${asPrimary(element)}[]`, binding: "primary" };
  }

  const maxItems = nonNegativeInteger(keywords.maxItems);
  const elements = maxItems === undefined ? prefix : prefix.slice(0, maxItems);
  const requiredCount = Math.min(nonNegativeInteger(keywords.minItems) ?? 0, elements.length);
  const parts = elements.map((s, i) => {
    const ty = sub(s);
    return i < requiredCount ? ty.text : `${asPrimary(ty)}?`;
  });
  const restTy =
    maxItems !== undefined && maxItems <= elements.length ? NEVER : rest === undefined ? UNKNOWN : sub(rest);
  if (restTy.text !== NEVER.text) parts.push(`...${asPrimary(restTy)}[]`);
  return { text: `[${parts.join(", ")}]`, binding: "primary" };
}

function nonNegativeInteger(value: JsonValue | undefined): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;
}
