// Template of the generated validators/index.ts (see types.ts in this folder for how templates work).
// @gen:file
// @gen:begin imports
declare const validateExampleArgs: ClientToolValidator<{ readonly message: string }>;

// @gen:end imports
/** One reason a value does not match its schema, as ajv reports it; `instancePath` is a JSON Pointer into the value. */
export interface ClientToolValidationError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: { readonly [key: string]: unknown };
  readonly message?: string;
}

/** A standalone ajv validator: a type guard of `T`; after it returns false, `errors` holds the reasons. */
export type ClientToolValidator<T> = ((data: unknown) => data is T) & { readonly errors?: readonly ClientToolValidationError[] | null };

/** Every tool's validators by tool name: pass it as `validators` to `createClientToolRunner` (arguments) and to `ClientCallBroker` (results). */
// @gen:begin map
export const clientToolValidators = {
  example: { args: validateExampleArgs },
} as const;
// @gen:end map
