// Template of the generated validators/index.ts (see types.ts in this folder for how templates work).
// @gen:file
// Checked by the compiler (the tool modules are not): a project without the runtime package fails here.
import type { ClientToolValidator } from "@gen-client-tools/runtime/validators";
// @gen:begin imports
declare const validateExampleArgs: ClientToolValidator<{ readonly message: string }>;

// @gen:end imports
export type { ClientToolValidationError, ClientToolValidator } from "@gen-client-tools/runtime/validators";

/** Every tool's validators by tool name: pass it as `validators` to `createClientToolRunner` (arguments) and to `ClientCallBroker` (results). */
// @gen:begin map
export const clientToolValidators = {
  example: { args: validateExampleArgs },
} as const;
// @gen:end map
