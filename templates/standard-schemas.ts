// Template of the generated validators/standard-schemas.ts (see types.ts in this folder for how templates work).
// @gen:file
import {
  clientToolStandardSchema,
  type ClientToolStandardSchema,
} from "@gen-client-tools/runtime/bindings";
// @gen:begin imports
declare const clientToolSpecs: readonly [{ readonly parameters: { readonly type: "object" } }];
declare const validateExampleArgs: (data: unknown) => data is { readonly message: string };
// @gen:end imports

/**
 * Each tool's arguments (`args`) and an awaited tool's result (`result`) as Standard Schema V1
 * objects that implement Standard JSON Schema: `validate` runs the generated validator, and
 * `~standard.jsonSchema.input({ target })` gives a fresh copy of the schema as written.
 */
// @gen:begin schemas
export const clientToolSchemas: {
  readonly example: { readonly args: ClientToolStandardSchema<{ readonly message: string }> };
} = {
  example: { args: clientToolStandardSchema(clientToolSpecs[0].parameters, validateExampleArgs) },
};
// @gen:end schemas
