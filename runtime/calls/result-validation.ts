import { isServerAuthored } from "../registry/server-authored.js";
import type { ClientToolSpec, JsonObject } from "../spec/types.js";
import { createSchemaCompiler, type SchemaCompiler } from "./schema-compiler.js";
import { validate, validatorsFor, type ClientToolValidators, type ValidationProblem } from "./validators.js";

/** Checks a result against its tool's `outputSchema`; `undefined` when it matches. */
export interface ResultChecker {
  (spec: AwaitedSpec, fingerprint: string | undefined, result: unknown, conversationId?: string): readonly ValidationProblem[] | undefined;
  /** Compiles now what checking a result of this tool will need, so that no answer pays for it. */
  prepare(spec: AwaitedSpec, fingerprint: string | undefined, conversationId: string): void;
}

export type AwaitedSpec = ClientToolSpec & { readonly outputSchema: JsonObject };

/**
 * A tool's precompiled result validator (the generator's standalone output) when given and the
 * tool is the server's own (a client's tool of the same name, with other schemas, is never
 * checked by it); otherwise its `outputSchema`, compiled.
 */
export function createResultChecker(precompiled: ClientToolValidators | undefined, compiler: SchemaCompiler = createSchemaCompiler()): ResultChecker {
  const validatorOf = (spec: AwaitedSpec, fingerprint: string | undefined, conversationId: string) =>
    ownValidators(precompiled, spec)?.result ?? compiler.compile(spec.outputSchema, fingerprint, conversationId);
  return Object.assign((spec: AwaitedSpec, fingerprint: string | undefined, result: unknown, conversationId = "") => validate(validatorOf(spec, fingerprint, conversationId), result), {
    prepare: (spec: AwaitedSpec, fingerprint: string | undefined, conversationId: string) => void validatorOf(spec, fingerprint, conversationId),
  });
}

/** Checks the model's arguments against the tool's `parameters`; `undefined` when they match. */
export type ArgumentsChecker = (spec: ClientToolSpec, fingerprint: string | undefined, args: unknown, conversationId?: string) => readonly ValidationProblem[] | undefined;

/** A tool's precompiled arguments validator when given and the tool is the server's own; otherwise its `parameters`, compiled. */
export function createArgumentsChecker(precompiled: ClientToolValidators | undefined, compiler: SchemaCompiler = createSchemaCompiler()): ArgumentsChecker {
  return (spec, fingerprint, args, conversationId = "") =>
    validate(ownValidators(precompiled, spec)?.args ?? compiler.compile(spec.parameters, fingerprint, conversationId), args);
}

/** The precompiled validators of a tool by its name, if the tool is the server's own (they were generated from its schemas). */
function ownValidators(precompiled: ClientToolValidators | undefined, spec: ClientToolSpec): ClientToolValidators[string] {
  return precompiled !== undefined && isServerAuthored(spec.parameters) ? validatorsFor(precompiled, spec.name) : undefined;
}
