import path from "node:path";
import type { JsonObject, JsonValue, SpecProblem } from "@gen-client-tools/runtime/core";
import {
  childPointer,
  definitionsKeyword,
  forEachRef,
  pointerTokens,
  rewriteRefs,
  schemaDialect,
  toFrozenJson,
  unresolvedPointer,
  valueAt,
} from "@gen-client-tools/runtime/core";
import { refTarget } from "../file-refs.js";
import type { SchemaFileRead } from "../load/sources.js";
import { isInside, relativePath } from "../relative-path.js";

export interface BundleContext {
  /** Absolute path of the spec file: relative file `$ref`s resolve against its folder, and may not leave it. */
  readonly file: string;
  /** The files its `$ref`s reach, as load read them (see `SpecSource`). */
  readonly schemaFiles: ReadonlyMap<string, SchemaFileRead>;
}

/**
 * Checks every `$ref` of a tool schema and makes the schema self-contained: a relative file
 * `$ref` (`./point.json#/$defs/Point`) is resolved against the spec file's folder, and the
 * file is copied under the schema's `$defs` (`definitions` in draft-07) keyed by its path, so
 * the runtime and every LLM provider get a schema with local references only. A schema with
 * no file `$ref` is returned as it is (same object). Remote references are refused: the
 * generator never touches the network.
 */
export function bundleRefs(
  schema: JsonObject,
  pointer: string,
  context: BundleContext,
): { schema: JsonObject; problems: SpecProblem[] } {
  const problems: SpecProblem[] = [];
  const folder = path.dirname(context.file);
  const defs = definitionsKeyword(schemaDialect(schema) ?? "2020-12");
  const bundled = new Map<string, JsonValue>();

  const localTarget = (key: string): string => `#${childPointer(childPointer("", defs), key)}`;

  /** Resolves the refs of one document (the spec's schema, or a file it references). */
  const resolveDocument = (
    document: JsonValue,
    documentFile: string,
    documentPrefix: string,
    where: (p: string) => string,
  ): JsonValue => {
    const replacements = new Map<string, string>();
    forEachRef(document, "", (ref, refPointer) => {
      if (replacements.has(ref)) return;
      const place = where(refPointer);
      if (ref.startsWith("#")) {
        const problem = checkLocalRef(ref, document);
        if (problem !== undefined) problems.push({ pointer: place, message: problem });
        else if (documentPrefix !== "") replacements.set(ref, `#${documentPrefix}${ref.slice(1)}`);
        return;
      }
      const named = refTarget(ref, documentFile);
      if (named.kind === "remote") {
        problems.push({
          pointer: place,
          message:
            `remote $ref ${JSON.stringify(ref)} is not allowed: the generator never ` +
            `touches the network; copy that schema into ${defs} or a file beside the spec`,
        });
        return;
      }
      if (named.kind !== "file") {
        problems.push({
          pointer: place,
          message:
            `$ref ${JSON.stringify(ref)} has a malformed %-escape: ` + `write a "%" in a file name or pointer as "%25"`,
        });
        return;
      }
      const { file: target, fragment } = named;
      const key = relativePath(folder, target);
      if (!isInside(folder, target)) {
        problems.push({
          pointer: place,
          message:
            `$ref ${JSON.stringify(ref)} leaves the spec's folder: move the file into ` +
            `${relativePath(process.cwd(), folder) || "."} or copy the schema into ${defs}`,
        });
        return;
      }
      let value = bundled.get(key);
      if (value === undefined && !bundled.has(key)) {
        const loaded = schemaFileValue(context.schemaFiles.get(target));
        if ("error" in loaded) {
          problems.push({ pointer: place, message: `cannot resolve $ref ${JSON.stringify(ref)}: ${loaded.error}` });
          return;
        }
        bundled.set(key, loaded.value); // placeholder first, so files that reference each other terminate
        value = resolveDocument(
          loaded.value,
          target,
          childPointer(childPointer("", defs), key),
          (p) => `${place} -> ${key}#${p}`,
        );
        bundled.set(key, value);
      }
      if (fragment !== "" && valueAt(value ?? null, pointerTokens(fragment)) === undefined) {
        problems.push({
          pointer: place,
          message:
            `cannot resolve $ref ${JSON.stringify(ref)}: ${key} ` +
            `has nothing at #${fragment}; fix the pointer after "#"`,
        });
        return;
      }
      replacements.set(ref, `${localTarget(key)}${fragment}`);
    });
    return replacements.size === 0 ? document : rewriteRefs(document, (ref) => replacements.get(ref));
  };

  const resolved = resolveDocument(schema, context.file, "", (p) => `${pointer}${p}`) as JsonObject;
  if (bundled.size === 0 || problems.length > 0) return { schema: resolved, problems };

  const existing = resolved[defs];
  const definitions: Record<string, JsonValue> =
    typeof existing === "object" && existing !== null && !Array.isArray(existing)
      ? { ...(existing as JsonObject) }
      : {};
  for (const [key, value] of [...bundled].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (Object.hasOwn(definitions, key)) {
      problems.push({
        pointer: childPointer(childPointer(pointer, defs), key),
        message:
          `${defs} already has an entry ${JSON.stringify(key)}, the ` +
          `name a referenced file is bundled under: rename that entry`,
      });
    }
    Object.defineProperty(definitions, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return { schema: Object.freeze({ ...resolved, [defs]: Object.freeze(definitions) }), problems };
}

function checkLocalRef(ref: string, document: JsonValue): string | undefined {
  if (ref === "#") return undefined;
  if (!ref.startsWith("#/")) {
    return (
      `$ref ${JSON.stringify(ref)} names an anchor, which is ` +
      `not supported: use a JSON pointer such as "#/$defs/Name"`
    );
  }
  let tokens: string[];
  try {
    tokens = pointerTokens(decodeURIComponent(ref.slice(1)));
  } catch {
    return `$ref ${JSON.stringify(ref)} is not a valid JSON pointer`;
  }
  return unresolvedPointer(document, ref, tokens);
}

/** A file load read, as a frozen schema; or why it is not one. */
function schemaFileValue(read: SchemaFileRead | undefined): { value: JsonValue } | { error: string } {
  // Load reads every file a reference inside the folder reaches.
  if (read === undefined) return { error: "the file was not read" };
  if ("error" in read) return read;
  const { value } = read;
  if (typeof value !== "boolean" && (typeof value !== "object" || value === null || Array.isArray(value))) {
    return { error: "the file does not hold a JSON Schema (an object or a boolean)" };
  }
  const problems: SpecProblem[] = [];
  const frozen = toFrozenJson(value, "", problems);
  return problems.length > 0 ? { error: problems[0]!.message } : { value: frozen };
}
