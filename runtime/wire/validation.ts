import { childPointer } from "../schema/json-pointer.js";
import { validationMessage } from "../schema/validation-message.js";

/** One reason a value does not match its schema: where (RFC 6901 pointer into the value) and what. */
export interface ValidationProblem {
  readonly pointer: string;
  readonly message: string;
}

/** The part of an ajv error object that problems are made from. */
export interface CompiledValidatorError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: { readonly [key: string]: unknown };
  readonly message?: string | undefined;
}

/**
 * A validation function as ajv compiles it, and as ajv standalone code (the generator's
 * `--validators` output) exports it: returns whether the data is valid and leaves the
 * reasons in `errors`.
 */
export type CompiledValidator = ((data: unknown) => boolean) & {
  errors?: readonly CompiledValidatorError[] | null | undefined;
};

/**
 * Precompiled validators by tool name; the broker uses `result`, the client runner `args`; a
 * private-input tool's `privateInput` is for the client to check what it collects before sending it.
 */
export type ClientToolValidators = {
  readonly [toolName: string]:
    | {
        readonly args?: CompiledValidator;
        readonly result?: CompiledValidator;
        readonly privateInput?: CompiledValidator;
      }
    | undefined;
};

/** Enough to correct an answer; a result with thousands of bad items does not need thousands of lines. */
export const MAX_REPORTED_PROBLEMS = 20;

/** Runs a validator; `undefined` when the data is valid, otherwise its problems. */
export function validate(fn: CompiledValidator, data: unknown): readonly ValidationProblem[] | undefined {
  if (fn(data)) return undefined;
  const errors = fn.errors ?? [];
  if (errors.length === 0) return [{ pointer: "", message: "is invalid" }];
  return errors.slice(0, MAX_REPORTED_PROBLEMS).map(toProblem);
}

/** ajv points at the parent object for `required` and `additionalProperties`; point at the property itself. */
function toProblem(error: CompiledValidatorError): ValidationProblem {
  const property = error.params["missingProperty"] ?? error.params["additionalProperty"];
  // The pointer names the property: the message does not repeat it, so a masked pointer hides it.
  const message = error.message ?? `fails "${error.keyword}"`;
  if (typeof property === "string") return { pointer: childPointer(error.instancePath, property), message };
  return { pointer: error.instancePath, message: validationMessage(error) };
}

/** The own entry for a tool: a tool named like an Object.prototype member must not find one. */
export function validatorsFor(
  validators: ClientToolValidators | undefined,
  toolName: string,
): ClientToolValidators[string] {
  return validators !== undefined && Object.hasOwn(validators, toolName) ? validators[toolName] : undefined;
}
