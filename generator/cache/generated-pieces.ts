import { readFileSync } from "node:fs";
import path from "node:path";
import { decodedTextDigest } from "../digest.js";
import type { ProductsIndex } from "./products-index.js";

/** A generated file as read: its text, and a function from a tool's indexes to its pieces. */
export interface ReadFile {
  readonly text: string;
  readonly pieces: (indexes: readonly number[] | undefined) => string[] | undefined;
}

/**
 * A generated file with its pieces as the index places them, read when first asked for; undefined when the file is
 * not the one the index describes.
 */
export function filePieces(outDir: string, name: string, index: ProductsIndex): () => ReadFile | undefined {
  let read: ReadFile | undefined | null = null;
  return () => {
    if (read === null) read = readPieces(path.join(outDir, name), index.files[name]);
    return read;
  };
}

function readPieces(file: string, described: ProductsIndex["files"][string] | undefined): ReadFile | undefined {
  if (described === undefined) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (decodedTextDigest(bytes) !== described.digest) return undefined;
  const text = bytes.toString("utf8");
  const { lengths } = described;
  const starts = [0];
  for (const length of lengths) starts.push(starts.at(-1)! + length);
  if (starts.at(-1) !== text.length) return undefined;
  // Slices of the file's text: the pieces share its memory.
  return {
    text,
    pieces: (indexes) =>
      indexes?.every((i) => i < lengths.length) ? indexes.map((i) => text.slice(starts[i], starts[i + 1])) : undefined,
  };
}
