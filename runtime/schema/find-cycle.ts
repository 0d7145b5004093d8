/** An edge of a reference graph: the node it leads to, and where (the pointer of the `$ref` that makes it). */
export interface CycleEdge {
  readonly target: string;
  readonly at: string;
}

/** A cycle in the graph, found depth-first without recursion (a chain of 10,000 refs must not overflow the stack). */
export function findCycle(
  starts: Iterable<string>,
  edges: ReadonlyMap<string, readonly CycleEdge[]>,
): { targets: string[]; at: string } | undefined {
  const done = new Set<string>();
  for (const start of starts) {
    if (done.has(start)) continue;
    const stack: { node: string; next: number }[] = [{ node: start, next: 0 }];
    const onStack = new Map<string, number>([[start, 0]]);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const out = edges.get(frame.node) ?? [];
      if (frame.next >= out.length) {
        stack.pop();
        onStack.delete(frame.node);
        done.add(frame.node);
        continue;
      }
      const { target, at } = out[frame.next++]!;
      const index = onStack.get(target);
      if (index !== undefined) return { targets: [...stack.slice(index).map((f) => f.node), target], at };
      if (done.has(target)) continue;
      onStack.set(target, stack.length);
      stack.push({ node: target, next: 0 });
    }
  }
  return undefined;
}
