import type { ClientToolSpec, JsonObject, JsonValue, SpecProblem } from "@gen-client-tools/runtime/core";
import {
  checkParsedClientToolSpecs,
  childPointer,
  isJsonObject,
  metaSchemaProblems,
  parametersKeyOf,
  pointerTokens,
  schemaShapeProblems,
  schemaWarnings,
  valueAt,
} from "@gen-client-tools/runtime/core";
import { cacheMismatch, type FileProblem } from "../diagnostics.js";
import type { SchemaFileRead, SpecSource } from "../load/sources.js";
import { bundleRefs } from "./bundle-refs.js";
import { deferredSpec, type SpecHead, specHead } from "./deferred-spec.js";

/**
 * Where a spec was written: its file (as shown to the user), its JSON pointer there, and which key holds its
 * parameters.
 */
export interface ToolSource {
  readonly file: string;
  readonly pointer: string;
  /** `parameters`, or MCP's `inputSchema`. */
  readonly parametersKey: "parameters" | "inputSchema";
}

/** A spec that passed every check, with its schemas made self-contained, and where it came from. */
export interface CheckedTool {
  readonly spec: ClientToolSpec;
  readonly source: ToolSource;
}

/** What check keeps for the next run in the process (see GenerationCache): each spec file as checked, by absolute path. */
export interface CheckMemo {
  checkedFiles: ReadonlyMap<string, CheckedFile>;
}

/** One spec file as checked: its tools, problems and warnings, and the source they were computed from. */
export interface CheckedFile {
  readonly source: SpecSource;
  readonly tools: readonly CheckedTool[];
  readonly problems: readonly FileProblem[];
  readonly warnings: readonly FileProblem[];
}

/**
 * What an earlier run (in another process) found of a spec file it found right, read as it is now (the same text and
 * the same schema files); undefined for any other file.
 */
export type KnownChecks = (source: SpecSource) => KnownSpecFile | undefined;

/** A spec file an earlier run found right: its warnings, and its tools where that run kept them all. */
export interface KnownSpecFile {
  readonly warnings: readonly FileProblem[];
  /** Each of its specs' head and place: the file need not be parsed until a spec's schemas are read. */
  readonly tools?: readonly { readonly head: SpecHead; readonly source: ToolSource }[];
}

/**
 * The check stage: the spec rules shared with the runtime, `$ref` resolution against the files
 * load read, and each schema's own meta-schema. Every problem in every file is reported, at its
 * pointer; so are the warnings about what a schema as written most likely does not mean (a
 * misspelt keyword). With a cache, a file read as before (the same document, the same schema
 * files) is not checked again; a file `known` from an earlier process has its schemas' walks spared.
 */
export function checkSpecs(
  specs: readonly SpecSource[],
  cache?: CheckMemo,
  known?: KnownChecks,
): {
  tools: CheckedTool[];
  problems: FileProblem[];
  warnings: FileProblem[];
} {
  const tools: CheckedTool[] = [];
  const problems: FileProblem[] = [];
  const warnings: FileProblem[] = [];
  const checkedFiles = new Map<string, CheckedFile>();
  for (const source of specs) {
    const previous = cache?.checkedFiles.get(source.document.path);
    const checked =
      previous !== undefined && sameSource(previous.source, source)
        ? previous
        : (knownSpecFile(source, known) ?? checkSpecFile(source));
    checkedFiles.set(source.document.path, checked);
    tools.push(...checked.tools);
    problems.push(...checked.problems);
    warnings.push(...checked.warnings);
  }
  if (cache !== undefined) cache.checkedFiles = checkedFiles;
  return { tools, problems, warnings };
}

/** Whether two reads of a spec file give the same checks: the same document, and the same schema files as read. */
function sameSource(before: SpecSource, now: SpecSource): boolean {
  if (before.document !== now.document || before.schemaFiles.size !== now.schemaFiles.size) return false;
  for (const [file, read] of before.schemaFiles) {
    const other = now.schemaFiles.get(file);
    if (other === undefined) return false;
    const same =
      "value" in read ? "value" in other && other.value === read.value : "error" in other && other.error === read.error;
    if (!same) return false;
  }
  return true;
}

/**
 * A spec file an earlier run found right, read as it was then: its specs as the spec rules give them, its warnings as
 * that run found them. Its schemas' walks (shapes, references, meta-schemas, warnings) are not made again, since they
 * would find what they found then; where that run kept every spec's head, the file is parsed only when a spec's
 * schemas are read (see deferredSpec). A file that reaches schema files is checked whole: its schemas are bundled with
 * them.
 */
function knownSpecFile(source: SpecSource, known: KnownChecks | undefined): CheckedFile | undefined {
  if (known === undefined || source.schemaFiles.size > 0) return undefined;
  const found = known(source);
  if (found === undefined) return undefined;
  if (found.tools === undefined) {
    const tools = specsOfKnownFile(source);
    return tools && { source, tools, problems: [], warnings: found.warnings };
  }
  let specs: ReadonlyMap<string, ClientToolSpec> | undefined;
  const full = (head: SpecHead, pointer: string): ClientToolSpec => {
    specs ??= new Map(specsOfKnownFile(source)?.map(({ spec, source }) => [source.pointer, spec]));
    const spec = specs.get(pointer);
    // The head was made from this text's spec: another means the cache folder was written by something else.
    if (spec === undefined || JSON.stringify(specHead(spec)) !== JSON.stringify(head))
      throw cacheMismatch(source.document.displayPath);
    return spec;
  };
  const tools = found.tools.map(
    ({ head, source: place }): CheckedTool => ({
      spec: deferredSpec(head, () => full(head, place.pointer)),
      source: place,
    }),
  );
  return { source, tools, problems: [], warnings: found.warnings };
}

/** The specs of a file an earlier run found right, as the spec rules give them; undefined if they find a problem. */
function specsOfKnownFile(source: SpecSource): CheckedTool[] | undefined {
  const { document } = source;
  const { valid, problems } = checkParsedClientToolSpecs(document.value, {
    deepest: document.deepest,
    shapesChecked: true,
  });
  if (problems.length > 0) return undefined;
  const file = document.displayPath;
  return valid.map(({ spec, pointer }): CheckedTool => {
    const raw = valueAt(document.value, pointerTokens(pointer)) as JsonObject;
    return { spec, source: { file, pointer, parametersKey: parametersKeyOf(raw) } };
  });
}

function checkSpecFile(source: SpecSource): CheckedFile {
  const { document, schemaFiles } = source;
  const tools: CheckedTool[] = [];
  const warnings: FileProblem[] = [];
  const file = document.displayPath;
  const inFile = (found: readonly SpecProblem[]): FileProblem[] =>
    found.map(({ pointer, message }) => ({ file, pointer, message }));
  // Load parsed and froze these values itself: the spec rules take them as they are.
  const { valid, problems: specProblems } = checkParsedClientToolSpecs(document.value, document);
  const all: SpecProblem[] = [...specProblems];
  const context = {
    file: document.path,
    schemaFiles,
    mayHoldRefs: document.text.includes("$ref") || document.text.includes("\\u"),
  };
  for (const { spec, pointer } of valid) {
    const raw = valueAt(document.value, pointerTokens(pointer)) as JsonObject;
    const before = all.length;
    const parametersKey = parametersKeyOf(raw);
    const privatePointer = `${pointer}/privateInput/schema`;
    const quality = [
      ...schemaWarnings(spec.parameters, childPointer(pointer, parametersKey)),
      ...(spec.outputSchema ? schemaWarnings(spec.outputSchema, childPointer(pointer, "outputSchema")) : []),
      ...(spec.privateInput ? schemaWarnings(spec.privateInput.schema, privatePointer) : []),
    ];
    warnings.push(...inFile(quality));
    const parameters = checkSchema(spec.parameters, childPointer(pointer, parametersKey), context, all);
    const outputSchema =
      spec.outputSchema && checkSchema(spec.outputSchema, childPointer(pointer, "outputSchema"), context, all);
    const privateSchema = spec.privateInput && checkSchema(spec.privateInput.schema, privatePointer, context, all);
    if (all.length > before) continue;
    const privateInput =
      spec.privateInput && privateSchema !== spec.privateInput.schema
        ? Object.freeze({ ...spec.privateInput, schema: privateSchema! })
        : spec.privateInput;
    const changed =
      parameters !== spec.parameters || outputSchema !== spec.outputSchema || privateInput !== spec.privateInput;
    const checked = changed
      ? Object.freeze({
          ...spec,
          parameters,
          ...(outputSchema && { outputSchema }),
          ...(privateInput && { privateInput }),
        })
      : spec;
    tools.push({ spec: checked, source: { file, pointer, parametersKey } });
  }
  // A spec the rules refused (an unknown key, say) still has its schemas checked and warned
  // about, where the rules found nothing wrong with them: every problem of a file in one run.
  const validPointers = new Set(valid.map(({ pointer }) => pointer));
  for (const [pointer, raw] of specObjects(document.value)) {
    if (validPointers.has(pointer)) continue;
    const privateInput = raw["privateInput"];
    const schemas: [string, JsonValue | undefined][] = [
      [childPointer(pointer, parametersKeyOf(raw)), raw[parametersKeyOf(raw)]],
      [childPointer(pointer, "outputSchema"), raw["outputSchema"]],
      [`${pointer}/privateInput/schema`, isJsonObject(privateInput) ? privateInput["schema"] : undefined],
    ];
    for (const [at, schema] of schemas) {
      if (
        !isJsonObject(schema) ||
        specProblems.some((problem) => problem.pointer === at || problem.pointer.startsWith(`${at}/`))
      )
        continue;
      warnings.push(...inFile(schemaWarnings(schema, at)));
      checkSchema(schema, at, context, all);
    }
  }
  return { source, tools, problems: inFile(all), warnings };
}

/** The spec objects of a file (one spec, or a list of them) by pointer. */
function specObjects(value: JsonValue): [string, JsonObject][] {
  if (Array.isArray(value))
    return (value as readonly JsonValue[]).flatMap((item, i): [string, JsonObject][] =>
      isJsonObject(item) ? [[`/${i}`, item]] : [],
    );
  return isJsonObject(value) ? [["", value]] : [];
}

interface SchemaContext {
  readonly file: string;
  readonly schemaFiles: ReadonlyMap<string, SchemaFileRead>;
  /**
   * False when no `$ref` can be in the file: its text holds no "$ref" and no `\u` escape that could spell one (most
   * spec files).
   */
  readonly mayHoldRefs: boolean;
}

function checkSchema(schema: JsonObject, pointer: string, context: SchemaContext, problems: SpecProblem[]): JsonObject {
  const bundled = context.mayHoldRefs ? bundleRefs(schema, pointer, context) : { schema, problems: [] };
  problems.push(...bundled.problems);
  // A reference that does not resolve still leaves the schema as written to check: every problem at once.
  if (bundled.problems.length > 0) {
    problems.push(...metaSchemaProblems(schema, pointer));
    return bundled.schema;
  }
  // The spec rules checked the schema as written; files bundled into it get the same shape rules.
  const shape = bundled.schema === schema ? [] : schemaShapeProblems(bundled.schema, pointer);
  problems.push(...shape);
  if (shape.length === 0) problems.push(...metaSchemaProblems(bundled.schema, pointer));
  return bundled.schema;
}
