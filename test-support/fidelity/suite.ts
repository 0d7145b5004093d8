import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { JsonValue } from "../../runtime/util/json.js";

/** One test group of the JSON Schema Test Suite: a schema and instances marked valid or not. */
export interface SuiteGroup {
  readonly draft: SuiteDraft;
  /** The keyword the file tests: its name without `.json` (`additionalProperties`). */
  readonly keyword: string;
  readonly description: string;
  readonly schema: JsonValue;
  readonly tests: readonly { readonly description: string; readonly data: JsonValue; readonly valid: boolean }[];
}

export type SuiteDraft = "draft2020-12" | "draft7";
export const DRAFTS: readonly SuiteDraft[] = ["draft2020-12", "draft7"];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Beside the repository, as CI lays it out (read-only): see its SOURCE.md. */
export const SUITE_FOLDER = path.resolve(root, "../shared/json-schema-test-suite");

/** Every group of the draft's required (not `optional/`) test files, file by file in name order. */
export function loadSuite(draft: SuiteDraft): SuiteGroup[] {
  const folder = path.join(SUITE_FOLDER, "tests", draft);
  if (!existsSync(folder)) {
    throw new Error(
      `the JSON Schema Test Suite is not at ${folder}: the fidelity test reads it from ../shared/json-schema-test-suite beside the repository (see its SOURCE.md)`,
    );
  }
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .flatMap((name) => {
      const groups = JSON.parse(readFileSync(path.join(folder, name), "utf8")) as Omit<
        SuiteGroup,
        "draft" | "keyword"
      >[];
      return groups.map((group) => ({ ...group, draft, keyword: name.slice(0, -".json".length) }));
    });
}
