import { type JSONSchema7, jsonSchema, type Tool } from "ai";
import { clientToolMode, unknownMode } from "../../tool-spec/tool-mode.js";
import type { ClientToolSpec } from "../../tool-spec/types.js";
import { type ClientToolAcknowledgement, DISPATCHED_TEXT } from "../../wire/observation.js";
import type { ClientToolValidators, CompiledValidator } from "../../wire/validation.js";
import { assertStrictQualifies, clientToolInput, type StrictOption, validationReasons } from "../tool-input.js";

/** The text the model sees once a fire-and-forget tool's call has reached the client. */
const ACKNOWLEDGEMENT: ClientToolAcknowledgement = DISPATCHED_TEXT;

/** The generated `ClientToolMap`'s shape: each tool's arguments and result (`void` when fire-and-forget). */
export type ClientToolTypes<M> = { readonly [N in keyof M]: { readonly args: unknown; readonly result: unknown } };

/**
 * Each tool as an AI SDK tool without `execute`: the client answers it, and its output is the result or the
 * acknowledgement.
 */
export type AiSdkClientTools<M extends ClientToolTypes<M>> = {
  [N in keyof M & string]: Tool<M[N]["args"], M[N]["result"] extends void ? ClientToolAcknowledgement : M[N]["result"]>;
};

/** A validator as the generated ones are: true when the value matches; after false, `errors` says why. */
export type AiSdkValidator = CompiledValidator;

export interface AiSdkToolsOptions {
  /** The generated `clientToolValidators`: the AI SDK then checks the model's arguments (and results) with them. */
  readonly validators?: ClientToolValidators;
  /**
   * The provider's strict mode (OpenAI's rules), as `exportClientTools` takes it (see
   * {@link StrictOption}): `true` on every tool, or `ClientToolExportError` naming each tool that
   * does not qualify and why; `"auto"` on each tool that qualifies; `"compile"` on each other one
   * as a strict variant, the model's arguments mapped back to the tool's own shape before they
   * are checked and handed on (`fromStrictArguments`).
   */
  readonly strict?: StrictOption;
  /**
   * The tools whose calls wait for a person's approval (the SDK's `needsApproval`). Give the page's
   * `handleAiSdkToolCall` the same list, so it holds those calls until `answerAiSdkApproval`.
   */
  readonly needsApproval?: readonly string[];
  /**
   * Runs a call of a private-input tool on the server (required when there is one): dispatch it
   * with the broker (`broker.dispatch`, the client answering through the runner) and return what
   * the model sees (`outcomeToObservation`). The private value never travels through the chat,
   * so it never enters the SDK's messages.
   */
  readonly privateInput?: (call: {
    readonly toolName: string;
    readonly toolCallId: string;
    readonly args: unknown;
  }) => Promise<unknown>;
}

/**
 * The client tools for `streamText({ tools })` and `InferUITools`, typed with the generated
 * `ClientToolMap` (`toAiSdkTools<ClientToolMap>(clientToolSpecs, { validators })`). Each schema
 * goes to the SDK as written, through `jsonSchema()`.
 */
export function toAiSdkTools<M extends ClientToolTypes<M> = Record<string, { args: unknown; result: unknown }>>(
  specs: Iterable<ClientToolSpec>,
  options: AiSdkToolsOptions = {},
): AiSdkClientTools<M> {
  const tools: Record<string, Tool> = {};
  const list = [...specs];
  assertStrictQualifies("the AI SDK", list, options.strict);
  const unknown = options.needsApproval?.filter((name) => !list.some((spec) => spec.name === name)) ?? [];
  if (unknown.length > 0) {
    throw new TypeError(
      `toAiSdkTools: needsApproval names ${unknown.map((name) => JSON.stringify(name)).join(", ")}, ` +
        `which is not among the client tools given: use a spec's name.`,
    );
  }
  for (const spec of list) {
    const validators = options.validators?.[spec.name];
    const input = clientToolInput(spec, validators?.args, options.strict);
    const tool: Tool = {
      description: spec.description,
      inputSchema: jsonSchema(input.schema as JSONSchema7, {
        validate: (raw) => {
          const read = input.read(raw);
          return read.ok
            ? { success: true, value: read.args }
            : { success: false, error: new ClientToolArgumentsError(read.reasons) };
        },
      }),
    };
    tool.outputSchema = outputSchemaOf(spec, validators?.result);
    if (spec.privateInput !== undefined) tool.execute = privateInputExecute(spec.name, options.privateInput);
    if (spec.annotations?.title !== undefined) tool.title = spec.annotations.title;
    if (input.strict) tool.strict = true;
    if (options.needsApproval?.includes(spec.name)) tool.needsApproval = true;
    tools[spec.name] = tool;
  }
  return tools as AiSdkClientTools<M>;
}

function privateInputExecute(toolName: string, run: AiSdkToolsOptions["privateInput"]): NonNullable<Tool["execute"]> {
  if (run === undefined) {
    throw new TypeError(
      `Client tool ${JSON.stringify(toolName)} takes a private input, which goes to the ` +
        `broker and never through the chat: give toAiSdkTools the privateInput option.`,
    );
  }
  return (args: unknown, { toolCallId }: { readonly toolCallId: string }) => run({ toolName, toolCallId, args });
}

function outputSchemaOf(spec: ClientToolSpec, validator: AiSdkValidator | undefined) {
  const mode = clientToolMode(spec);
  switch (mode.mode) {
    case "fire-and-forget":
      return jsonSchema<ClientToolAcknowledgement>({ type: "string", const: ACKNOWLEDGEMENT });
    case "awaited":
    case "awaited-content":
      return schemaOf(mode.outputSchema, validator);
    case "private-input":
      // What the model sees of it: the response, or a failure's text.
      return schemaOf({ anyOf: [{ const: mode.privateInput.response }, { type: "string" }] }, undefined);
    default:
      return unknownMode(mode);
  }
}

/**
 * Why the model's arguments (or a result) do not match the tool's schema, as the generated validators say: pointers and
 * messages, never the values.
 */
export class ClientToolArgumentsError extends TypeError {
  override readonly name = "ClientToolArgumentsError";
}

/**
 * A result's schema for the SDK: a fresh, unfrozen copy (the spec's own stays frozen, and a framework may write into
 * what it is given).
 */
function schemaOf(schema: object, validator: AiSdkValidator | undefined) {
  const copy = structuredClone(schema) as JSONSchema7;
  if (validator === undefined) return jsonSchema(copy);
  return jsonSchema(copy, {
    validate: (value) =>
      validator(value)
        ? { success: true, value }
        : { success: false, error: new ClientToolArgumentsError(validationReasons(validator)) },
  });
}
