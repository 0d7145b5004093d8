import { readFileSync } from "node:fs";
import type { ClientToolFingerprints } from "@gen-client-tools/runtime/core";
import { isSpecHead, type SpecHead } from "../check/deferred-spec.js";
import type { KnownModel } from "../model/build-models.js";
import { piecedText } from "../text-chunks.js";
import type { KnownFile } from "../write/known-files.js";
import { writeFiles } from "../write/write-files.js";
import { knownFileOf, storedEntry } from "./known-files-cache.js";

const FORMAT = 2;

/**
 * Where a run's tools' parts are in the files it generated (see ProductsStore), as one JSON file that also names the
 * digest of the generator's code that emitted them.
 */
export interface ProductsIndex {
  /** By file name: the textDigest of the file as generated, and the length of each of its pieces (UTF-16 units). */
  readonly files: Readonly<Record<string, { readonly digest: string; readonly lengths: readonly number[] }>>;
  /** By tool (its key, see ProductsStore). */
  readonly tools: ReadonlyMap<string, ToolEntry>;
  /** By spec file (its key, see ProductsStore): a file that passed every check. */
  readonly checked: ReadonlyMap<string, CheckedFileEntry>;
  /** By absolute path: the spec files read whose stamps vouch for their text's digest (see ReadBefore). */
  readonly specFiles: ReadonlyMap<string, KnownFile>;
}

/** A spec file that passed every check: its warnings, and the pointers of its specs (each a tool of the index). */
export interface CheckedFileEntry {
  readonly warnings: readonly CheckedWarning[];
  readonly tools: readonly string[];
}

/** A warning of a spec file: its JSON pointer there, and its message. */
export type CheckedWarning = readonly [pointer: string, message: string];

export interface ToolEntry extends Omit<KnownModel, "ownMcpArgKind"> {
  /** Where absent, false. */
  readonly ownMcpArgKind?: true;
  /** Without the compatible versions, which come from the previous run. */
  readonly fingerprints: ClientToolFingerprints;
  /** Its checked spec without its schemas and description, for a run that does not parse the spec's file. */
  readonly spec: SpecHead;
  /** Where absent, `parameters`. */
  readonly parametersKey?: "inputSchema";
  /** The compatible versions its part of specs.ts was emitted with. */
  readonly compatible: string;
  /** By file name: the indexes of its pieces. */
  readonly pieces: Readonly<Record<string, readonly number[]>>;
  /** The digest of its validator exports, where a run computed it (see validatorExportsDigest). */
  readonly validatorExports?: string;
}

/** The index in `file`, when it reads as one written for this generator; undefined otherwise (a miss, never an error). */
export function readIndex(file: string, generator: string): ProductsIndex | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
  if (!isRecord(stored) || stored["format"] !== FORMAT || stored["generator"] !== generator) return undefined;
  const { files, tools, checked = {}, specFiles = {} } = stored;
  if (!isRecord(files) || !isRecord(tools) || !isRecord(checked) || !isRecord(specFiles)) return undefined;
  for (const entry of Object.values(files))
    if (!isRecord(entry) || typeof entry["digest"] !== "string" || !isIndexList(entry["lengths"])) return undefined;
  const entries = new Map<string, ToolEntry>();
  for (const [key, entry] of Object.entries(tools)) if (isToolEntry(entry)) entries.set(key, entry);
  const checkedFiles = new Map<string, CheckedFileEntry>();
  for (const [key, entry] of Object.entries(checked))
    if (isRecord(entry) && isWarningList(entry["warnings"]) && isStringList(entry["tools"]))
      checkedFiles.set(key, entry as unknown as CheckedFileEntry);
  const stamped = new Map<string, KnownFile>();
  for (const [file, entry] of Object.entries(specFiles)) {
    const known = knownFileOf(entry);
    if (known !== undefined) stamped.set(file, known);
  }
  return { files: files as ProductsIndex["files"], tools: entries, checked: checkedFiles, specFiles: stamped };
}

/**
 * Writes the index, its tools' entries given as JSON (see ToolEntry). Best effort: an index that cannot be written
 * leaves the next run to emit every tool.
 */
export function writeIndex(
  file: string,
  generator: string,
  files: ProductsIndex["files"],
  tools: ReadonlyMap<string, string>,
  checked: ProductsIndex["checked"],
  specFiles: ProductsIndex["specFiles"],
): void {
  const stamped = Object.fromEntries([...specFiles].map(([file, entry]) => [file, storedEntry(entry)]));
  const head = JSON.stringify({
    format: FORMAT,
    generator,
    files,
    checked: Object.fromEntries(checked),
    specFiles: stamped,
  }).slice(0, -1);
  // In pieces, never joined: the index of thousands of tools is megabytes, written while the output is still in memory.
  const pieces = [head, ',"tools":{'];
  for (const [key, entry] of tools) pieces.push(pieces.length === 2 ? "" : ",", JSON.stringify(key), ":", entry);
  pieces.push("}}\n");
  const { text, pieces: written } = piecedText(pieces);
  try {
    writeFiles([{ path: file, contents: text, pieces: written }], undefined, false);
  } catch {
    // A read-only or full disk.
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isIndexList(value: unknown): value is readonly number[] {
  return Array.isArray(value) && value.every((n) => Number.isSafeInteger(n) && (n as number) >= 0);
}

function isStringList(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function isWarningList(value: unknown): value is readonly CheckedWarning[] {
  return (
    Array.isArray(value) &&
    value.every(
      (warning) =>
        Array.isArray(warning) &&
        warning.length === 2 &&
        typeof warning[0] === "string" &&
        typeof warning[1] === "string",
    )
  );
}

const MODES: readonly unknown[] = [
  "fire-and-forget",
  "awaited",
  "awaited-content",
  "private-input",
] satisfies ToolEntry["mode"][];

function isToolEntry(entry: unknown): entry is ToolEntry {
  if (!isRecord(entry) || typeof entry["compatible"] !== "string") return false;
  if (!isSpecHead(entry["spec"]) || typeof entry["version"] !== "string" || !MODES.includes(entry["mode"]))
    return false;
  if (entry["ownMcpArgKind"] !== undefined && entry["ownMcpArgKind"] !== true) return false;
  if (entry["parametersKey"] !== undefined && entry["parametersKey"] !== "inputSchema") return false;
  if (entry["validatorExports"] !== undefined && typeof entry["validatorExports"] !== "string") return false;
  const { fingerprints, pieces } = entry;
  return (
    isRecord(fingerprints) &&
    typeof fingerprints["parameters"] === "string" &&
    ["outputSchema", "privateInput"].every(
      (key) => fingerprints[key] === undefined || typeof fingerprints[key] === "string",
    ) &&
    Object.keys(fingerprints).every((key) => ["parameters", "outputSchema", "privateInput"].includes(key)) &&
    isRecord(pieces) &&
    Object.values(pieces).every(isIndexList)
  );
}
