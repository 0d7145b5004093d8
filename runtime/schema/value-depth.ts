import type { SpecProblem } from "../util/json.js";
import { childPointer } from "./json-pointer.js";

/**
 * How deep arguments and answers may nest by default: far beyond any tool's data, far below what overflows a
 * validator's stack.
 */
export const DEFAULT_MAX_VALUE_DEPTH = 64;

/**
 * Where `value` nests deeper than `maxDepth` objects and arrays, or undefined. Checked before a
 * validator sees the value: ajv recurses once per level of a recursive schema, and a value
 * nested 50,000 deep overflows the stack. The walk goes no further than `maxDepth` levels down,
 * so it cannot overflow itself.
 */
export function tooDeep(value: unknown, maxDepth: number): SpecProblem | undefined {
  if (!nestsDeeper(value, maxDepth)) return undefined;
  return {
    pointer: pointerToDepth(value, maxDepth),
    message: `nests deeper than ${maxDepth} levels of objects and arrays`,
  };
}

/** Whether an object or array lies `levels` levels below `node` (the answer for `node` itself when `levels` is 0). */
function nestsDeeper(node: unknown, levels: number): boolean {
  if (typeof node !== "object" || node === null) return false;
  if (levels === 0) return true;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) if (nestsDeeper(node[i], levels - 1)) return true;
    return false;
  }
  for (const key in node) if (nestsDeeper((node as Record<string, unknown>)[key], levels - 1)) return true;
  return false;
}

/** The pointer of the first place `maxDepth` levels down (only built for a refusal). */
function pointerToDepth(value: unknown, maxDepth: number): string {
  const walk = (node: unknown, depth: number, pointer: string): string | undefined => {
    if (typeof node !== "object" || node === null) return undefined;
    if (depth >= maxDepth) return pointer;
    for (const key in node) {
      const found = walk(
        (node as Record<string, unknown>)[key],
        depth + 1,
        childPointer(pointer, Array.isArray(node) ? Number(key) : key),
      );
      if (found !== undefined) return found;
    }
    return undefined;
  };
  // Recursion is safe here: it goes at most maxDepth deep.
  return walk(value, 0, "") ?? "";
}

/**
 * Where `value` holds a number that JSON cannot (what `1e400` parses to: `Infinity`; or `NaN`),
 * or undefined. JSON Schema's numbers are finite: such a value would pass `"type": "number"` and
 * reach the model as `null`. The walks keep their own stack, so no depth overflows them; the
 * pointer is spelled out only for a value that has such a number.
 */
export function nonFiniteNumber(value: unknown): SpecProblem | undefined {
  if (!holdsNonFinite(value)) return undefined;
  const stack: [unknown, string][] = [[value, ""]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, pointer] = next;
    if (typeof node === "number") {
      if (!Number.isFinite(node))
        return { pointer, message: "is a number JSON cannot hold (it overflows to Infinity): send a finite number" };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], childPointer(pointer, i)]);
    } else if (typeof node === "object" && node !== null) {
      const keys = Object.keys(node);
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push([(node as Record<string, unknown>)[keys[i]!], childPointer(pointer, keys[i]!)]);
    }
  }
  return undefined;
}

function holdsNonFinite(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return typeof value === "number" && !Number.isFinite(value);
  const stack: object[] = [value];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    for (const item of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof item === "number") {
        if (!Number.isFinite(item)) return true;
      } else if (typeof item === "object" && item !== null) stack.push(item);
    }
  }
  return false;
}

/**
 * Why a value a client or the model sent is no JSON value to validate: it nests too deep, or holds a number that is not
 * finite.
 */
export function unfitValue(value: unknown, maxDepth: number): SpecProblem | undefined {
  // One walk for the value that fits, as nearly every one does; the two that say where it does not only for the rest.
  if (fits(value, maxDepth)) return undefined;
  return tooDeep(value, maxDepth) ?? nonFiniteNumber(value);
}

/** Whether no object or array lies `levels` levels below `node`, and every number in it is finite. */
function fits(node: unknown, levels: number): boolean {
  if (typeof node === "number") return Number.isFinite(node);
  if (typeof node !== "object" || node === null) return true;
  if (levels === 0) return false;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) if (!fits(node[i], levels - 1)) return false;
    return true;
  }
  // Recursion is safe here: it goes at most `levels` deep.
  for (const key in node) if (!fits((node as Record<string, unknown>)[key], levels - 1)) return false;
  return true;
}

/**
 * The value's size in units: one for each object, array and scalar, and one for each character of
 * its strings and keys (about its JSON's length, without the punctuation). The walk stops once past
 * `stopAbove`, and then returns a figure above it.
 */
export function valueSize(value: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  let size = 0;
  const stack: unknown[] = [value];
  for (let node = stack.pop(); ; node = stack.pop()) {
    size++;
    if (typeof node === "string") size += node.length;
    else if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (typeof node === "object" && node !== null) {
      for (const key in node) {
        size += key.length;
        stack.push((node as Record<string, unknown>)[key]);
      }
    }
    if (size > stopAbove || stack.length === 0) return size;
  }
}

/**
 * Whether the value's size (`valueSize`) is at most `units`: a bound on the work of checking it against one schema
 * node.
 */
export function sizeAtMost(value: unknown, units: number): boolean {
  return valueSize(value, units) <= units;
}
