import { pathToFileURL } from "node:url";
import type { ClientToolSpec } from "../../runtime/tool-spec/types.js";

/** What every runtime benchmark gets: the generated specs (deep-frozen, with fingerprints) and how much to run. */
export interface RuntimeInput {
  readonly specs: readonly ClientToolSpec[];
  readonly samples: number;
  /** Targets are stated for 1,000 tools; at another size rows are information only. */
  readonly atTargetSize: boolean;
  /** The generated `validators/index.js`, for the benchmark of the validators. */
  readonly validatorsModule?: string;
  /** A sample of tools' validator modules, each bundled alone, for their first-call latency. */
  readonly toolValidatorModules?: readonly { readonly name: string; readonly file: string }[];
}

/** The generated specs.ts, compiled to an ES module by the caller (see suites/runtime.ts). */
export async function loadGeneratedSpecs(moduleFile: string): Promise<readonly ClientToolSpec[]> {
  const module = (await import(pathToFileURL(moduleFile).href)) as { clientToolSpecs: readonly ClientToolSpec[] };
  return module.clientToolSpecs;
}
