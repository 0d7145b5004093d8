import { withContentsOf } from "../deferred-contents.js";
import type { OutputPlan } from "../emit/output-plan.js";
import type { Formatter } from "./prettier.js";

/** A file after the format stage: its text is final. */
export interface FormattedFile {
  readonly path: string;
  readonly contents: string;
  /** `contents` in pieces, as the emitter built it, for a file prettier did not touch. */
  readonly pieces?: readonly string[];
  readonly role: "generated" | "stubs";
}

/** The format stage: the files the plan marks for formatting, through prettier in one batch; the others as they are. */
export async function formatFiles(
  planned: OutputPlan["files"],
  formatter: Pick<Formatter, "format"> | undefined,
): Promise<FormattedFile[]> {
  // A deferred file's text stays unread (see deferredFile) until prettier or the write stage needs it.
  const files = planned.map(
    (file): FormattedFile =>
      withContentsOf(file, { path: file.path, ...(file.pieces && { pieces: file.pieces }), role: file.role }),
  );
  if (formatter === undefined) return files;
  const indexes = planned.flatMap((file, i) => (file.format ? [i] : []));
  // A file the user wrote goes in twice: as it was, and with what a run adds.
  const originals = indexes.flatMap((i) =>
    planned[i]!.original === undefined ? [] : [{ path: planned[i]!.path, contents: planned[i]!.original! }],
  );
  const formatted = await formatter.format([...indexes.map((i) => files[i]!), ...originals]);
  let nextOriginal = indexes.length;
  indexes.forEach((index, j) => {
    const original = planned[index]!.original;
    // The user's text, where prettier would change it, is theirs to format: the additions stay as the emitter wrote
    // them.
    if (original !== undefined && formatted[nextOriginal++]!.contents !== original) return;
    // A formatted file's text is prettier's: the emitter's pieces no longer make it up.
    files[index] = { path: files[index]!.path, contents: formatted[j]!.contents, role: files[index]!.role };
  });
  return files;
}
