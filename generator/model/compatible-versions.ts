import { type ClientToolSpec, clientToolVersionOf } from "@gen-client-tools/runtime/core";
import type { PreviousSpecs } from "../load/previous-specs.js";
import type { ToolModel } from "./tool-model.js";

/** How many earlier versions a tool keeps: the runtime's limit, the latest first. */
const MAX_COMPATIBLE_VERSIONS = 16;

/** What the previous run left of each tool: its version, then the earlier ones it listed (the manifest's `versions`). */
export type PreviousVersions = Readonly<Record<string, readonly string[]>>;

/** What the versions step keeps for the next run in the process: the specs this run generated, by tool name. */
export interface VersionsMemo {
  generatedSpecs?: ReadonlyMap<string, ClientToolSpec>;
}

/**
 * Each tool's earlier versions that a page may still run (`fingerprints.compatible`), from the previous run: a tool
 * unchanged since keeps its list; a tool whose schemas changed, with its mode kept, lists the previous version and
 * that version's own list where the change is proved safe for a page built before it (every value of the new
 * parameters valid under the previous ones, every answer valid under the previous schema valid under the new one; the
 * relation is transitive, so what the previous version accepted the new one accepts too); any other change starts
 * the list again. The previous specs are read (and the comparison loaded) only where a tool changed: `previousSpecs`
 * gives where to look, in turn, for the spec of the version the previous run names (the specs a run in this process
 * generated, then the generated specs.ts).
 */
export async function withCompatibleVersions(
  models: readonly ToolModel[],
  previous: PreviousVersions | undefined,
  previousSpecs: () => readonly PreviousSpecs[],
): Promise<{ models: ToolModel[]; versions: Record<string, readonly string[]> }> {
  let sources: readonly PreviousSpecs[] | undefined;
  let safe: typeof import("./older-pages.js").safeForOlderPages | undefined;
  const result: ToolModel[] = [];
  // Each tool's version and the earlier ones it lists, for the manifest.
  const versions: Record<string, readonly string[]> = {};
  for (const model of models) {
    const current = model.version;
    const [before, ...listed] = previous?.[model.name] ?? [];
    let compatible: readonly string[] = [];
    if (before === current) compatible = listed;
    else if (before !== undefined && before[0] === current[0]) {
      sources ??= previousSpecs();
      // The previous spec must be the version the manifest names: a file edited since is no history.
      const old = specOfVersion(sources, model.name, before);
      // Loaded only here: the comparison, and re2js with it.
      safe ??= (await import("./older-pages.js")).safeForOlderPages;
      if (old !== undefined && safe(old, model.spec))
        compatible = [before, ...listed].filter((version) => version !== current).slice(0, MAX_COMPATIBLE_VERSIONS);
    }
    result.push(
      compatible.length === 0
        ? model
        : { ...model, fingerprints: { ...model.fingerprints, compatible: [...compatible] } },
    );
    versions[model.name] = [current, ...compatible];
  }
  return { models: result, versions };
}

function specOfVersion(sources: readonly PreviousSpecs[], name: string, version: string): ClientToolSpec | undefined {
  for (const source of sources) {
    const spec = source(name) as ClientToolSpec | undefined;
    if (spec !== undefined && versionOf(spec) === version) return spec;
  }
  return undefined;
}

/** The version of a spec read back, from its schemas themselves (never the fingerprints it claims). */
function versionOf(spec: ClientToolSpec): string | undefined {
  try {
    const { fingerprints: _, ...schemas } = spec;
    return clientToolVersionOf(schemas);
  } catch {
    return undefined;
  }
}
