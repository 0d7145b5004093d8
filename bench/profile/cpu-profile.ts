import path from "node:path";
import { fileURLToPath } from "node:url";

/** The parts of a V8 `.cpuprofile` (what `node --cpu-prof` writes) that are read here. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
    readonly children?: readonly number[];
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface Share {
  readonly label: string;
  readonly ms: number;
  /** Of all sampled time, 0 to 1. */
  readonly share: number;
}

export interface ProfileSummary {
  readonly totalMs: number;
  /** Time in the function itself, by function. */
  readonly selfByFunction: readonly Share[];
  /** Time in the function itself, by file (a dependency counts as one file: `node_modules/ajv`). */
  readonly selfByFile: readonly Share[];
  /** Time with everything it called, by function (a recursive function counted once per sample). */
  readonly inclusive: readonly Share[];
}

/**
 * Where the time went. Labels are `function file:line` with files relative to `root`;
 * V8's own entries keep their names: "(garbage collector)", "(program)", "(idle)".
 */
export function summarizeProfile(profile: CpuProfile, root: string): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const where = (url: string): string => {
    if (url === "") return "";
    const file = url.startsWith("file:") ? path.relative(root, fileURLToPath(url)) : url;
    return file.replace(/^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\/.*$/, "$1");
  };
  const functionLabel = (id: number): string => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    return url === ""
      ? functionName || "(anonymous)"
      : `${functionName || "(anonymous)"} ${where(url)}:${lineNumber + 1}`;
  };

  const sampled = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    sampled.set(id, (sampled.get(id) ?? 0) + ms);
    total += ms;
  });
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const [id, ms] of sampled) {
    add(self, functionLabel(id), ms);
    add(byFile, where(nodes.get(id)!.callFrame.url) || functionLabel(id), ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const label = functionLabel(at);
      if (!seen.has(label)) add(inclusive, label, ms);
      seen.add(label);
    }
  }
  const ranked = (map: Map<string, number>): Share[] =>
    [...map].map(([label, ms]) => ({ label, ms, share: ms / total })).sort((a, b) => b.ms - a.ms);
  return { totalMs: total, selfByFunction: ranked(self), selfByFile: ranked(byFile), inclusive: ranked(inclusive) };
}
