import type { JsonObject, JsonValue, SpecProblem } from "../util/json.js";
import { pointerTokens } from "./json-pointer.js";
import { valueAt } from "./json-walk.js";
import { walkSchema } from "./walk-schema.js";

interface Target {
  /** Schema nodes of the target itself, its `$defs` aside (applied only through a `$ref`). */
  nodes: number;
  /**
   * Its local `$ref`s, each to a target's JSON pointer (`""` for the root), with where it is and
   * where in the value it applies (`instance`: the keywords on the way that step into the value).
   */
  refs: { target: string; at: string; instance: string }[];
}

/**
 * What a schema costs a validator through its `$ref`s, bounded before ajv ever compiles it. A
 * reference that fans out without a cycle (`d_i: { anyOf: [{$ref: d_i+1}, {$ref: d_i+1}] }`)
 * unfolds exponentially in the chain's length: the unfolded size (memoised over the reference
 * graph, so computing it is linear) may be at most `maxUnfolded` nodes. A recursion that
 * branches (a schema of a reference cycle that refers into the cycle twice, such as
 * `{ properties: { c: { anyOf: [{ $ref: "#" }, { $ref: "#" }] } } }`) is exponential in the
 * depth of the value, and refused. Only local references (`#` and `#/...`) are followed.
 */
export function refBudgetProblems(schema: JsonObject, pointer: string, maxUnfolded: number): SpecProblem[] {
  const targets = referenceTargets(schema, pointer);
  const problems: SpecProblem[] = [];
  const { components, order } = stronglyConnected(targets);
  for (const [name, target] of targets) {
    const component = components.get(name)!;
    if (!component.cycle) continue;
    // Two ways back that apply to the same place in the value (alternatives, not a left and a right child).
    const seen = new Map<string, (typeof target.refs)[number]>();
    for (const ref of target.refs) {
      if (components.get(ref.target) !== component) continue;
      const first = seen.get(ref.instance);
      if (first === undefined) {
        seen.set(ref.instance, ref);
        continue;
      }
      problems.push({
        pointer: ref.at,
        message:
          `this $ref is a second way back into a recursion for the same part of the value (with ${first.at}): a recursion ` +
          `that branches makes validation exponential in the depth of the value; refer back once, or restructure the schema`,
      });
    }
  }
  if (problems.length > 0) return problems;

  if (rootSize(targets, components, order, maxUnfolded) > maxUnfolded) {
    problems.push({
      pointer,
      message:
        `the schema unfolds through its $refs into more than ${maxUnfolded.toLocaleString("en-US")} schema nodes (a reference that fans out, ` +
        `repeated): every value would cost a validator that much; refer to each definition fewer times (the registry's limits.maxUnfoldedNodes)`,
    });
  }
  return problems;
}

/** Keywords whose subschemas apply to a part of the value (a property, an item), and how many tokens name that part. */
const STEPS_INTO_VALUE: Readonly<Record<string, number>> = {
  properties: 1,
  patternProperties: 1,
  prefixItems: 1,
  dependentSchemas: 0,
  additionalProperties: 0,
  unevaluatedProperties: 0,
  propertyNames: 0,
  items: 0,
  additionalItems: 0,
  unevaluatedItems: 0,
  contains: 0,
};

/**
 * The part of the value a subschema at this schema pointer (relative to its target) applies to: the value-stepping
 * keywords on the way.
 */
function instancePath(relative: string): string {
  const tokens = pointerTokens(relative);
  const steps: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const named = STEPS_INTO_VALUE[token];
    if (named === undefined || token === "dependentSchemas") continue;
    steps.push(named === 1 ? `${token}/${tokens[++i]}` : token);
    // draft-07's tuple `items`: the index names the item.
    if (token === "items" && /^\d+$/.test(tokens[i + 1] ?? "")) steps.push(tokens[++i]!);
  }
  return steps.join("/");
}

/** The JSON pointer a local `$ref` names (`#` -> `""`), or undefined for another kind of reference. */
function localTarget(ref: string): string | undefined {
  if (ref === "#") return "";
  if (!ref.startsWith("#/")) return undefined;
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
}

/**
 * A strongly connected component of the reference graph: a cycle when it has several targets, or one that refers to
 * itself.
 */
interface Component {
  readonly cycle: boolean;
  readonly members: readonly string[];
}

/**
 * Tarjan's strongly connected components of the reference graph, iteratively (a deep chain must not overflow the
 * stack).
 */
function stronglyConnected(targets: Map<string, Target>): { components: Map<string, Component>; order: Component[] } {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const result = new Map<string, Component>();
  const order: Component[] = [];
  let counter = 0;
  for (const start of targets.keys()) {
    if (index.has(start)) continue;
    const work: { name: string; next: number }[] = [{ name: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const refs = targets.get(frame.name)!.refs;
      if (frame.next < refs.length) {
        const to = refs[frame.next++]!.target;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ name: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.name, Math.min(low.get(frame.name)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.name;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.name)!));
      }
      if (low.get(frame.name) === index.get(frame.name)) {
        const members: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          members.push(member);
        } while (member !== frame.name);
        const component: Component = {
          cycle: members.length > 1 || targets.get(members[0]!)!.refs.some((ref) => ref.target === members[0]),
          members,
        };
        for (const name of members) result.set(name, component);
        order.push(component);
      }
    }
  }
  return { components: result, order };
}

/**
 * How many schema nodes the schema unfolds into through its local `$ref`s, a recursion counted
 * once (how often it recurs is bounded by the value's depth), capped at `cap + 1`: about how many
 * schema nodes may apply to one part of a value. For a schema the registry has admitted.
 */
export function unfoldedSize(schema: JsonObject, cap: number): number {
  const targets = referenceTargets(schema, "");
  const { components, order } = stronglyConnected(targets);
  return rootSize(targets, components, order, cap);
}

/** Every target of a local `$ref` (and the root, `""`), with its nodes and references. */
function referenceTargets(schema: JsonObject, pointer: string): Map<string, Target> {
  const targets = new Map<string, Target>();
  const queue = [""];
  while (queue.length > 0) {
    const target = queue.pop()!;
    if (targets.has(target)) continue;
    const node = valueAt(schema as JsonValue, pointerTokens(target));
    const found: Target = { nodes: 0, refs: [] };
    targets.set(target, found);
    if (typeof node !== "object" || node === null || Array.isArray(node)) continue;
    const base = `${pointer}${target}`;
    walkSchema(node as JsonObject, base, {
      keyword(key, value, _kind, at) {
        if (key === "$defs" || key === "definitions") return false;
        const ref = key === "$ref" && typeof value === "string" ? localTarget(value) : undefined;
        if (ref !== undefined) {
          const where = at();
          found.refs.push({ target: ref, at: where, instance: instancePath(where.slice(base.length)) });
          queue.push(ref);
        }
        return true;
      },
      schema() {
        found.nodes++;
      },
    });
  }
  return targets;
}

/**
 * The root's unfolded size, capped at `cap + 1`. Components come out of Tarjan's walk after every component they refer
 * to: sizes in that order.
 */
function rootSize(
  targets: Map<string, Target>,
  components: Map<string, Component>,
  order: readonly Component[],
  cap: number,
): number {
  const sizes = new Map<Component, number>();
  for (const component of order) {
    let size = 0;
    for (const name of component.members) {
      const target = targets.get(name)!;
      size += target.nodes;
      for (const ref of target.refs) {
        const other = components.get(ref.target)!;
        if (other !== component) size += sizes.get(other)!;
      }
    }
    // Capped: the exact figure past the cap does not matter, and doubling chains would overflow.
    sizes.set(component, Math.min(size, cap + 1));
  }
  return sizes.get(components.get("")!)!;
}
