import type { ClientToolSpec, JsonValue } from "@gen-client-tools/runtime/core";
import type { ToolModel } from "../model/tool-model.js";
import { banner } from "../output-format/banner.js";
import { piecedText } from "../text-chunks.js";
import { jsonTemplateLiteral, propertyKey, tsString } from "./escape.js";
import { fillTemplateRegion, loadTemplate, templateDoc } from "./template.js";
import type { ToolsFile } from "./types-file.js";

/** A tool's part of specs.ts, and the compatible versions it was written with. */
export interface SpecsPiece {
  readonly compatible: string;
  readonly type: string;
  readonly value: string;
}

/** What the specs emitter keeps for the next run in the process (see GenerationCache): each tool's part, by its spec. */
export interface SpecsMemo {
  readonly specsPieces: WeakMap<ClientToolSpec, SpecsPiece>;
}

/**
 * specs.ts: the specs as written, deep-frozen, each with its fingerprints, and their registration.
 * Each spec is one `JSON.parse(String.raw\`…\`)` of its JSON text (keys, their order and values
 * kept), one property per line, so that a changed keyword is a changed line in a diff. The
 * declared tuple types it, from the same data: literal types for the name and the other scalar
 * fields, and a read-only JSON object type for each schema. Neither the compiler nor a
 * JavaScript engine then parses the schemas as code, which keeps `tsc` and module loading
 * linear in the schemas' size. A tool's pieces are its entry in the type, then its value.
 */
export function emitSpecsFile(models: readonly ToolModel[], cache?: SpecsMemo): ToolsFile {
  // In pieces, never joined: the file is tens of megabytes for thousands of tools (see PiecedText).
  const types: string[] = [];
  const values: string[] = [];
  for (const model of models) {
    // The fingerprints come from the spec, but for the compatible versions, which come from the previous run.
    const compatible = model.fingerprints.compatible?.join() ?? "";
    let piece = cache?.specsPieces.get(model.spec);
    if (piece?.compatible !== compatible) {
      piece = { compatible, ...specPieces(model) };
      cache?.specsPieces.set(model.spec, piece);
    }
    types.push(piece.type);
    values.push(piece.value);
  }
  const specs = [
    `${templateDoc("specs", "clientToolSpecs")}export const clientToolSpecs: readonly [\n`,
    ...types,
    "] = /*#__PURE__*/ deepFreeze([\n",
    ...values,
    "]);\n",
  ];
  const { pieces, at } = fillTemplateRegion(loadTemplate("specs"), "specs", specs);
  // The banner, then the template's pieces; in the region, its first line, the types, a line, the values.
  const firstType = 1 + at + 1;
  const firstValue = firstType + models.length + 1;
  const toolPieces = new Map(models.map((model, i) => [model.name, [firstType + i, firstValue + i]] as const));
  // Every tool's piece lies inside `clientToolSpecs`, its type or its value: the template's pieces declare the exports.
  const innerPieces = new Set([...toolPieces.values()].flat());
  return { ...piecedText([banner()].concat(pieces)), toolPieces, innerPieces };
}

/** A spec's entry in the declared tuple type, and its value. */
function specPieces(model: ToolModel): { type: string; value: string } {
  const spec = { ...model.spec, fingerprints: { ...model.fingerprints } } as unknown as Readonly<
    Record<string, JsonValue>
  >;
  const members = Object.keys(spec).map((key) => `    readonly ${propertyKey(key)}: ${fieldType(key, spec[key]!)};\n`);
  // Joined, each piece is one flat string from the start: hashing it later flattens nothing.
  return {
    type: ["  {\n", ...members, "  },\n"].join(""),
    value: ["  JSON.parse(", jsonTemplateLiteral(JSON.stringify(spec, null, 2)), "),\n"].join(""),
  };
}

/** Schemas are typed as JSON objects and a description as a string; every other field by its value. */
function fieldType(key: string, value: JsonValue): string {
  if (key === "parameters" || key === "outputSchema") return "ClientToolJsonObject";
  if (key === "description") return "string";
  return literalType(value, "    ");
}

function literalType(value: JsonValue, indent: string): string {
  if (typeof value === "string") return tsString(value);
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  if (Array.isArray(value))
    return `readonly [${(value as readonly JsonValue[]).map((item) => literalType(item, indent)).join(", ")}]`;
  const object = value as Readonly<Record<string, JsonValue>>;
  const inner = `${indent}  `;
  const members = Object.keys(object).map(
    (key) => `${inner}readonly ${propertyKey(key)}: ${literalType(object[key]!, inner)};\n`,
  );
  return members.length === 0 ? "{}" : `{\n${members.join("")}${indent}}`;
}
