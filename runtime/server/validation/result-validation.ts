import { isServerAuthored } from "../../registry/server-authored.js";
import type { ClientToolSpec } from "../../tool-spec/types.js";
import type { JsonObject } from "../../util/json.js";
import { type ClientToolValidators, type ValidationProblem, validate, validatorsFor } from "../../wire/validation.js";
import { createSchemaValidators, type SchemaValidators } from "./schema-validators.js";

/** Checks a result against its tool's `outputSchema`; `undefined` when it matches. */
export interface ResultChecker {
  (
    spec: AwaitedSpec,
    fingerprint: string | undefined,
    result: unknown,
    conversationId?: string,
    owner?: string,
  ): Promise<readonly ValidationProblem[] | undefined>;
  /**
   * Compiles now what checking a result of this tool will need, so that no answer waits for it;
   * resolves to why it cannot be compiled, if it cannot.
   */
  prepare(spec: AwaitedSpec, fingerprint: string | undefined, conversationId: string): Promise<string | undefined>;
}

export type AwaitedSpec = ClientToolSpec & { readonly outputSchema: JsonObject };

/**
 * A tool's precompiled result validator (the generator's standalone output) when given and the
 * tool is the server's own (a client's tool of the same name, with other schemas, is never
 * checked by it); otherwise its `outputSchema`, compiled.
 */
export function createResultChecker(
  precompiled: ClientToolValidators | undefined,
  validators: SchemaValidators = createSchemaValidators(),
): ResultChecker {
  return Object.assign(
    async (
      spec: AwaitedSpec,
      fingerprint: string | undefined,
      result: unknown,
      conversationId = "",
      owner?: string,
    ) => {
      const fn = ownValidators(precompiled, spec)?.result;
      return fn !== undefined
        ? validate(fn, result)
        : checked(
            () => validators.validate(spec.outputSchema, fingerprint, conversationId, result, owner),
            "outputSchema",
          );
    },
    {
      prepare: async (spec: AwaitedSpec, fingerprint: string | undefined, conversationId: string) => {
        if (ownValidators(precompiled, spec)?.result !== undefined) return undefined;
        return validators.prepare(spec.outputSchema, fingerprint, conversationId).then(
          () => undefined,
          (error: unknown) => reason(error),
        );
      },
    },
  );
}

/** Checks the model's arguments against the tool's `parameters`; `undefined` when they match. */
export type ArgumentsChecker = (
  spec: ClientToolSpec,
  fingerprint: string | undefined,
  args: unknown,
  conversationId?: string,
  owner?: string,
) => Promise<readonly ValidationProblem[] | undefined>;

/**
 * A tool's precompiled arguments validator when given and the tool is the server's own; otherwise its `parameters`,
 * compiled.
 */
export function createArgumentsChecker(
  precompiled: ClientToolValidators | undefined,
  validators: SchemaValidators = createSchemaValidators(),
): ArgumentsChecker {
  return async (spec, fingerprint, args, conversationId = "", owner) => {
    const fn = ownValidators(precompiled, spec)?.args;
    return fn !== undefined
      ? validate(fn, args)
      : checked(() => validators.validate(spec.parameters, fingerprint, conversationId, args, owner), "parameters");
  };
}

/** The problems of a value, or the one problem that the schema cannot be compiled. */
async function checked(
  problems: () => readonly ValidationProblem[] | undefined | Promise<readonly ValidationProblem[] | undefined>,
  schemaName: string,
): Promise<readonly ValidationProblem[] | undefined> {
  try {
    return await problems();
  } catch (error) {
    return [
      { pointer: "", message: `cannot be checked: the tool's ${schemaName} could not be compiled (${reason(error)})` },
    ];
  }
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The precompiled validators of a tool by its name, if the tool is the server's own (they were generated from its
 * schemas).
 */
function ownValidators(
  precompiled: ClientToolValidators | undefined,
  spec: ClientToolSpec,
): ClientToolValidators[string] {
  return precompiled !== undefined && isServerAuthored(spec.parameters)
    ? validatorsFor(precompiled, spec.name)
    : undefined;
}
