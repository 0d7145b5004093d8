import { ClientToolExportError } from "../export/errors.js";
import { analyzeStrictCompatibility } from "../export/strict.js";
import { fromStrictArguments, strictCompilationOf } from "../export/strict-arguments.js";
import { validationMessage } from "../schema/validation-message.js";
import type { ClientToolSpec } from "../tool-spec/types.js";
import type { JsonObject } from "../util/json.js";
import type { CompiledValidator } from "../wire/validation.js";
import { refusedArguments, unreadableArguments } from "./model-texts.js";

/**
 * Strict mode (OpenAI's rules), as `exportClientTools` takes it: `true` for every tool, throwing
 * `ClientToolExportError` with each tool that does not qualify and why; `"auto"` on each tool
 * whose parameters qualify, the others without it; `"compile"` on each tool, those that do not
 * qualify as their compiled strict variant, whose arguments are mapped back to the tool's own
 * shape before they are checked; `false` (the default) every schema as written, without it.
 */
export type StrictOption = boolean | "auto" | "compile";

/**
 * With `strict: true`, throws `ClientToolExportError` (as `exportClientTools` does) listing every
 * tool whose parameters do not qualify for strict mode, each with where and why.
 */
export function assertStrictQualifies(
  framework: string,
  specs: readonly ClientToolSpec[],
  strict?: StrictOption,
): void {
  if (strict !== true) return;
  const problems = specs.flatMap((spec) =>
    analyzeStrictCompatibility(spec.parameters, "openai").map((problem) => ({
      tool: spec.name,
      pointer: `/parameters${problem.pointer}`,
      message: `${problem.message} (strict: "auto" gives this tool without strict mode, "compile" a strict variant)`,
    })),
  );
  if (problems.length > 0) throw new ClientToolExportError(framework, problems);
}

/**
 * The model's arguments as the tool reads them, or why they are refused: the validators' pointers
 * and messages (`reasons`), and the text the model reads (`text`).
 */
export type ArgumentsRead =
  | { readonly ok: true; readonly args: unknown }
  | { readonly ok: false; readonly reasons: string; readonly text: string };

/** A tool's parameters as a framework is given them, and how the model's arguments are read back. */
export interface ClientToolInput {
  /**
   * A fresh, unfrozen copy, byte for byte (the spec's own stays frozen: a framework may write into what it is given).
   */
  readonly schema: JsonObject;
  readonly strict: boolean;
  /** The model's arguments, mapped back from a compiled strict variant and checked. */
  read(args: unknown): ArgumentsRead;
  /** The same from the arguments' JSON text, which may not be JSON. */
  readJson(json: string): ArgumentsRead;
}

export function clientToolInput(
  spec: ClientToolSpec,
  validator: CompiledValidator | undefined,
  strict: StrictOption = false,
): ClientToolInput {
  const compiled = strict === "compile" ? strictCompilationOf(spec.parameters, "openai") : undefined;
  const mapBack = compiled?.kind === "compiled";
  return {
    schema: structuredClone(mapBack ? compiled.schema : spec.parameters) as JsonObject,
    strict:
      compiled !== undefined
        ? compiled.kind !== "refused"
        : strict === true || (strict === "auto" && analyzeStrictCompatibility(spec.parameters, "openai").length === 0),
    read,
    readJson(json) {
      let raw: unknown;
      try {
        raw = JSON.parse(json);
      } catch {
        return { ok: false, reasons: "not JSON", text: unreadableArguments(spec.name) };
      }
      return read(raw);
    },
  };

  function read(raw: unknown): ArgumentsRead {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return refused("/ must be object");
    const args = mapBack ? fromStrictArguments(spec, "openai", raw) : raw;
    if (validator === undefined || validator(args)) return { ok: true, args };
    return refused(validationReasons(validator));
  }

  function refused(reasons: string): ArgumentsRead {
    return { ok: false, reasons, text: refusedArguments(spec.name, reasons) };
  }
}

/** Why a validator said no, as the model reads it: `/title must be string; /when must match format "date"`. */
export function validationReasons(validator: CompiledValidator): string {
  const reasons = (validator.errors ?? []).map((e) => `${e.instancePath || "/"} ${validationMessage(e)}`).join("; ");
  return reasons || "does not match the schema";
}
