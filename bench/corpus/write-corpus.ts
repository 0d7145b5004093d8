import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { JsonObject } from "../../runtime/util/json.js";
import { SeededRandom } from "./random.js";
import { toolSpec } from "./tool-spec.js";

export const DEFAULT_SEED = 20_260_101;

export interface Corpus {
  /** The folder holding one `<name>.json` spec file per tool. */
  readonly folder: string;
  readonly specs: readonly JsonObject[];
  /** Total bytes of the spec files as written. */
  readonly bytes: number;
}

/**
 * Writes `count` tool specs into `folder` (emptied first), one pretty-printed file per tool.
 * The corpus of N tools is the first N tools of every larger one with the same seed.
 */
export function writeCorpus(folder: string, count: number, seed = DEFAULT_SEED): Corpus {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const random = new SeededRandom(seed);
  const specs: JsonObject[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const spec = toolSpec(random, i);
    const text = `${JSON.stringify(spec, null, 2)}\n`;
    writeFileSync(path.join(folder, `${String(i).padStart(5, "0")}.json`), text);
    specs.push(spec);
    bytes += Buffer.byteLength(text);
  }
  return { folder, specs, bytes };
}
