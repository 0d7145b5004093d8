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
export async function formatFiles(planned: OutputPlan["files"], formatter: Pick<Formatter, "format"> | undefined): Promise<FormattedFile[]> {
  const files = planned.map(({ path, contents, pieces, role }): FormattedFile => ({ path, contents, ...(pieces && { pieces }), role }));
  if (formatter === undefined) return files;
  const indexes = planned.flatMap((file, i) => (file.format ? [i] : []));
  const formatted = await formatter.format(indexes.map((i) => files[i]!));
  // A formatted file's text is prettier's: the emitter's pieces no longer make it up.
  indexes.forEach((index, j) => (files[index] = { path: files[index]!.path, contents: formatted[j]!.contents, role: files[index]!.role }));
  return files;
}
