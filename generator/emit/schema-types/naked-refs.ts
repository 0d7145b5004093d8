/**
 * TypeScript defers a reference to a type alias inside an object member, an
 * array or a tuple, but not as a direct member of a union or intersection:
 * `type A = B | string; type B = A & {}` is "circularly references itself".
 * References in those direct positions are written as markers while the
 * bodies are built; once every body is known, the cycles among them are cut
 * and the markers become names again, or `unknown` where a cycle was cut.
 * `unknown` there is sound: it drops a union member's narrowing (the union
 * becomes unknown) or an intersection member's constraints.
 */

/** U+0001 never survives escaping, and names are identifiers, so a marker cannot occur by accident. */
const MARKER = /\u0001([^\u0001]*)\u0001/g;

export function nakedRef(name: string): string {
  return `\u0001${name}\u0001`;
}

/** Whether a body holds a reference written as a marker. */
export function hasNakedRefs(body: string): boolean {
  return body.includes("\u0001");
}

/**
 * `bodies` (name -> text with markers) with every marker resolved. Cycles are
 * cut by a depth-first search over `order`, each body's references taken in
 * text order: the same bodies always give the same cuts.
 */
export function resolveNakedRefs(bodies: ReadonlyMap<string, string>, order: readonly string[]): Map<string, string> {
  // Most bodies have no marker at all; indexOf is far cheaper than a regex pass.
  const marked = [...bodies].filter(([, body]) => hasNakedRefs(body));
  if (marked.length === 0) return new Map(bodies);
  const edges = new Map(marked.map(([name, body]) => [name, [...body.matchAll(MARKER)].map((m) => m[1] ?? "")]));
  const cut = backEdges(edges, order);
  const resolved = new Map(bodies);
  for (const [from, body] of marked) {
    resolved.set(
      from,
      body.replace(MARKER, (_, to: string) => (cut.has(edgeKey(from, to)) ? "unknown" : to)),
    );
  }
  return resolved;
}

function edgeKey(from: string, to: string): string {
  return `${from}\u0000${to}`;
}

/** The edges that close a cycle in a depth-first search; iterative, so long chains cannot overflow the stack. */
function backEdges(edges: ReadonlyMap<string, readonly string[]>, order: readonly string[]): Set<string> {
  const onStack = new Set<string>();
  const done = new Set<string>();
  const cut = new Set<string>();
  for (const start of order) {
    if (done.has(start)) continue;
    const stack = [{ name: start, next: 0 }];
    onStack.add(start);
    for (let top = stack[0]; top !== undefined; top = stack[stack.length - 1]) {
      const to = edges.get(top.name)?.[top.next++];
      if (to === undefined) {
        stack.pop();
        onStack.delete(top.name);
        done.add(top.name);
      } else if (onStack.has(to)) {
        cut.add(edgeKey(top.name, to));
      } else if (!done.has(to)) {
        stack.push({ name: to, next: 0 });
        onStack.add(to);
      }
    }
  }
  return cut;
}
