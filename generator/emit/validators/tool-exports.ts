import type { JsonObject } from "@gen-client-tools/runtime/core";
import { CONTENT_RESULT_SCHEMA, unknownMode } from "@gen-client-tools/runtime/core";
import type { ToolModel } from "../../model/tool-model.js";
import { docComment } from "../escape.js";

/** What a validator checks: the model's arguments, the client's result, or the private value a client collects. */
export type ValidatorRole = "args" | "result" | "privateInput";

/** Where in a spec the schema of each role is, for messages. */
export const ROLE_SCHEMA: { readonly [R in ValidatorRole]: string } = {
  args: "parameters",
  result: "outputSchema",
  privateInput: "privateInput/schema",
};

/** One validator a tool's module exports. */
export interface ToolValidatorExport {
  /** `validate<Pascal>Args` or `validate<Pascal>Result`: unique, as Pascal names are. */
  readonly name: string;
  /** Its key in the `clientToolValidators` map, as the runtime reads it. */
  readonly role: ValidatorRole;
  /** The generated type it is a guard of, in types.ts. */
  readonly type: string;
  /** Read from the spec when asked: only a tool whose validator is compiled or hashed needs it. */
  readonly schema: JsonObject;
  /** Doc comment, shared by the module and its declarations. */
  readonly doc: string;
}

/** The arguments' validator of every tool, and the result's of an awaited one. */
export function toolValidatorExports(model: ToolModel): ToolValidatorExport[] {
  const exports: ToolValidatorExport[] = [
    {
      name: `validate${model.pascal}Args`,
      role: "args",
      type: model.types.args,
      get schema() {
        return model.spec.parameters;
      },
      doc: docComment(
        `Checks arguments of \`${model.name}\` against its parameters ` +
          `schema; when they do not match, \`errors\` says why.`,
        "",
      ),
    },
  ];
  switch (model.mode) {
    case "fire-and-forget":
      return exports;
    case "awaited":
    case "awaited-content":
      return [
        ...exports,
        {
          name: `validate${model.pascal}Result`,
          role: "result",
          type: model.types.result,
          get schema() {
            return model.mode === "awaited" ? model.spec.outputSchema : CONTENT_RESULT_SCHEMA;
          },
          doc: docComment(
            model.mode === "awaited"
              ? `Checks a result of \`${model.name}\` against its ` +
                  `outputSchema; when it does not match, \`errors\` says why.`
              : `Checks a result of \`${model.name}\` (text for the model: \`{ content: [{ type: ` +
                  `"text", text }], isError? }\`); when it does not match, \`errors\` says why.`,
            "",
          ),
        },
      ];
    case "private-input":
      return [
        ...exports,
        {
          name: `validate${model.pascal}PrivateInput`,
          role: "privateInput",
          type: model.types.privateInput,
          get schema() {
            return model.spec.privateInput.schema;
          },
          doc: docComment(
            `Checks a private input of \`${model.name}\` (what the client collects for the ` +
              `server) against privateInput.schema; when it does not match, \`errors\` says why.`,
            "",
          ),
        },
      ];
    default:
      return unknownMode(model);
  }
}
