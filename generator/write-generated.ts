import { openKnownFiles } from "./cache/known-files-cache.js";
import type { GenerateResult } from "./generate.js";
import { digestOf } from "./manifest/file-digests.js";
import { writeFiles } from "./write/write-files.js";
import type { WriteReport } from "./write/write-report.js";

export interface WriteGeneratedOptions {
  /** Write nothing; report what would change (for CI). */
  readonly check?: boolean;
}

export interface WriteGeneratedReport extends WriteReport {
  /** With check: true when the generated files are current. The user's handlers file is not part of the check. */
  readonly upToDate: boolean;
}

/** Writes (or with `check`, compares) what `generate` produced. Nothing is written when it has diagnostics. */
export function writeGenerated(result: GenerateResult, options: WriteGeneratedOptions = {}): WriteGeneratedReport {
  if (result.diagnostics.length > 0)
    throw new Error("writeGenerated: the result has diagnostics; fix them and generate again");
  const check = options.check ?? false;
  const known = openKnownFiles(result.outDir);
  const generated = writeFiles(
    result.files.filter((f) => f.role === "generated"),
    result.outDir,
    check,
    { files: known.files, digestOf },
  );
  known.save();
  const stubs = check
    ? { changed: [], unchanged: [] }
    : writeFiles(
        result.files.filter((f) => f.role === "stubs"),
        undefined,
        false,
      );
  return {
    changed: [...generated.changed, ...stubs.changed],
    unchanged: [...generated.unchanged, ...stubs.unchanged],
    stale: generated.stale,
    upToDate: generated.changed.length === 0 && generated.stale.length === 0,
  };
}
