// Template of the generated validators/index.ts (see types.ts in this folder for how templates work).
// @gen:file
// @gen:begin imports
declare const validateExampleArgs: (data: unknown) => data is { readonly message: string };

// @gen:end imports
// Checked by the compiler (the tool modules are not): a project without the runtime package fails here.
export type {
  ClientToolValidationError,
  ClientToolValidator,
} from "@gen-client-tools/runtime/validators";

/** Every tool's validators by tool name: pass it as `validators` to `createClientToolRunner` (arguments) and to `ClientCallBroker` (results). */
// @gen:begin map
export const clientToolValidators = {
  example: { args: validateExampleArgs },
} as const;
// @gen:end map
