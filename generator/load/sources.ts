import { realpathSync } from "node:fs";
import path from "node:path";
import type { JsonValue } from "@gen-client-tools/runtime/core";
import { forEachRef } from "@gen-client-tools/runtime/core";
import { type Diagnostic, formatDiagnostic } from "../diagnostics.js";
import { refTarget } from "../file-refs.js";
import type { FileStamp } from "../file-stamp.js";
import { MANIFEST_FILE, type Manifest, parseManifest } from "../output-format/manifest.js";
import { readPlainFile } from "../read-plain-file.js";
import { isInside, relativePath, relativePathsFrom } from "../relative-path.js";
import type { WatchedChanges } from "../watch/watched-changes.js";
import {
  deferredDocument,
  type JsonDocument,
  type ReadFile,
  type ReadJsonResult,
  readJsonFile,
} from "./read-json-file.js";
import { listSpecFiles, type SpecFileList } from "./spec-files.js";

/** A file that a `$ref` names, as read: its parsed JSON, or why it could not be read. */
export type SchemaFileRead = { readonly value: unknown } | { readonly error: string };

/** A spec file and every file its `$ref`s reach inside its folder, by absolute path (as the reference resolves). */
export interface SpecSource {
  readonly document: JsonDocument;
  readonly schemaFiles: ReadonlyMap<string, SchemaFileRead>;
}

/** Everything a run reads, read once: the stages after load touch no file. */
export interface SourceSet {
  readonly specs: readonly SpecSource[];
  /** The digest of every schema file read, by absolute path: the manifest's digest of the inputs covers them. */
  readonly schemaDigests: ReadonlyMap<string, string>;
  /** The user's handlers file (stubs are added to it), and its text when it exists. */
  readonly stubs: { readonly path: string; readonly text: string | undefined } | undefined;
  /** The manifest the previous run left in the output folder (it names the tools it generated). */
  readonly previousManifest: Manifest | undefined;
}

/**
 * What load keeps for the next run in the process (see GenerationCache): every JSON file read, by absolute path, and
 * the documents found to hold no file `$ref`.
 */
export interface LoadMemo {
  documents: ReadonlyMap<string, ReadFile>;
  readonly withoutFileRefs: WeakSet<JsonDocument>;
  /** The spec files as the last run listed them, by its working folder and inputs. */
  listing?: { readonly key: string; readonly listed: SpecFileList };
  /** Where a watcher starts the runs (`--watch`): what it saw since the last one (see WatchedChanges). */
  readonly watched?: Pick<WatchedChanges, "take"> | undefined;
}

/**
 * What an earlier run (in another process) found of the spec files (see ProductsStore), so that a file it found right
 * need not be parsed, nor read while its stamp is still the one that run took.
 */
export interface ReadBefore {
  /**
   * Whether a spec file of this digest, reaching no schema file, is one that run found right and kept every tool of:
   * its text need not be parsed.
   */
  knownText(digest: string): boolean;
  /** The digest of a spec file's text as that run read it, while its stamp is the one recorded then; else undefined. */
  vouched(file: string): string | undefined;
  /** Takes the stamp of a spec file read now, which reaches no schema file, with its text's digest, for the next run. */
  record(file: string, stamp: FileStamp, digest: string): void;
}

export interface LoadOptions {
  readonly in: readonly string[];
  readonly out: string;
  readonly cwd: string;
  readonly stubs: string | false;
}

/**
 * The load stage: the spec files of `--in`, each file their `$ref`s reach (a file outside the
 * spec's folder, by path or through a link, is never read: check reports the reference), the
 * handlers file and the previous manifest. Problems reading a spec file are diagnostics; a
 * schema file's, the `$ref`'s (check reports them where the reference is).
 */
export function loadSources(
  options: LoadOptions,
  cache?: LoadMemo,
  before?: ReadBefore,
): { sources: SourceSet; diagnostics: Diagnostic[] } {
  const { specs, schemaDigests, diagnostics } = readSpecFiles(options, cache, before);
  const stubs = options.stubs === false ? undefined : { path: options.stubs, text: readPlainFile(options.stubs) };
  const previous = readPlainFile(path.join(options.out, MANIFEST_FILE));
  return {
    sources: {
      specs,
      schemaDigests,
      stubs,
      previousManifest: previous === undefined ? undefined : parseManifest(previous),
    },
    diagnostics,
  };
}

/**
 * The spec files listed, each with the files its `$ref`s reach, read through `cache` where there is one. A spec file
 * that `before` knows, and that can reach no schema file, is parsed only when its value is read, and read only when its
 * text is, while its stamp vouches for it.
 */
function readSpecFiles(
  options: LoadOptions,
  cache: LoadMemo | undefined,
  before: ReadBefore | undefined,
): Pick<SourceSet, "specs" | "schemaDigests"> & { diagnostics: Diagnostic[] } {
  const display = relativePathsFrom(options.cwd);
  const documents = new Map<string, ReadFile>();
  const since = cache?.watched?.take();
  try {
    const key = [options.cwd, ...options.in].join("\0");
    const listed =
      since?.sameFiles && cache?.listing?.key === key ? cache.listing.listed : listSpecFiles(options.in, options.cwd);
    if (cache !== undefined) cache.listing = { key, listed };
    /** `spec`: a spec file as listed, not a link (which a watcher's events name by another path). */
    const readFile = (file: string, spec = false): ReadJsonResult => {
      const result = readJsonFile(file, display(file), {
        stamp: cache !== undefined,
        previous: cache?.documents.get(file),
        unchanged: spec && since !== undefined && !listed.links.has(file) && since.unchanged(file),
        parsedBefore:
          spec && before !== undefined ? (text, digest) => !mayReachFiles(text) && before.knownText(digest) : undefined,
      });
      if ("document" in result) documents.set(file, result);
      if (spec && before !== undefined && "document" in result && result.stamp && !mayReachFiles(result.document.text))
        before.record(file, result.stamp, result.document.digest);
      return result;
    };
    const diagnostics: Diagnostic[] = [...listed.diagnostics];
    const schemaDigests = new Map<string, string>();
    const reads = new Map<string, SchemaFileRead>();
    const readSchemaFile = (real: string): SchemaFileRead => {
      let read = reads.get(real);
      if (read === undefined) {
        const result = readFile(real);
        if ("document" in result) schemaDigests.set(real, result.document.digest);
        reads.set(
          real,
          (read =
            "document" in result ? { value: result.document.value } : { error: formatDiagnostic(result.diagnostic) }),
        );
      }
      return read;
    };
    const specs: SpecSource[] = [];
    for (const file of listed.files) {
      const vouched = before?.vouched(file);
      if (vouched !== undefined && before!.knownText(vouched)) {
        // Recorded only for a text that reaches no schema file.
        specs.push({ document: deferredDocument(file, display(file), vouched), schemaFiles: new Map() });
        continue;
      }
      const result = readFile(file, true);
      if ("document" in result)
        specs.push({ document: result.document, schemaFiles: referencedFiles(result.document, readSchemaFile, cache) });
      else diagnostics.push(result.diagnostic);
    }
    return { specs, schemaDigests, diagnostics };
  } finally {
    // Only this run's reads: what the watcher named to it is not named again, so a file it did not reach is read next.
    if (cache !== undefined) cache.documents = documents;
  }
}

const FILE_REF = /"\$ref"\s*:\s*"(?!#)/;

/**
 * Whether a spec file's text may hold a file `$ref`: most hold none (no `"$ref": "` that is not followed by "#", and
 * no `\u` escape that could spell one), and need no walk.
 */
function mayReachFiles(text: string): boolean {
  return FILE_REF.test(text) || text.includes("\\u");
}

/** The files that the spec's `$ref`s reach, and theirs in turn, that stay inside the spec's folder. */
function referencedFiles(
  document: JsonDocument,
  readSchemaFile: (real: string) => SchemaFileRead,
  memo: LoadMemo | undefined,
): Map<string, SchemaFileRead> {
  const found = new Map<string, SchemaFileRead>();
  if (memo?.withoutFileRefs.has(document)) return found;
  if (!mayReachFiles(document.text)) {
    memo?.withoutFileRefs.add(document);
    return found;
  }
  const folder = path.dirname(document.path);
  let realFolder: string | undefined;
  const follow = (value: unknown, fromFile: string): void => {
    if (typeof value !== "object" || value === null) return;
    forEachRef(value as JsonValue, "", (ref) => {
      const target = refTarget(ref, fromFile);
      if (target.kind !== "file" || found.has(target.file) || !isInside(folder, target.file)) return;
      let real: string;
      try {
        real = realpathSync(target.file);
      } catch {
        found.set(target.file, { error: `no such file ${relativePath(process.cwd(), target.file)}` });
        return;
      }
      realFolder ??= realpathSync(folder);
      if (!isInside(realFolder, real)) {
        found.set(target.file, {
          error: "the file is a link that leads out of the spec's folder: copy the schema into the folder",
        });
        return;
      }
      const read = readSchemaFile(real);
      found.set(target.file, read);
      if ("value" in read) follow(read.value, target.file);
    });
  };
  follow(document.value, document.path);
  return found;
}
