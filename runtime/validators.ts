// @gen-client-tools/runtime/validators: what the validators that `gen-client-tools --validators`
// writes import at run time (ajv's runtime helpers and the format checks), so that an app
// installs ajv only through this package, under any package manager's layout.
import type { Format } from "ajv";
import equalModule from "ajv/dist/runtime/equal.js";
import timestampModule from "ajv/dist/runtime/timestamp.js";
import ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";
import uriModule from "ajv/dist/runtime/uri.js";
import validationErrorModule from "ajv/dist/runtime/validation_error.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { commonjsModule } from "./schema/commonjs-module.js";

/** A helper's function, however the CommonJS module was imported (see commonjsModule). */
function helper<T>(imported: unknown): T {
  return commonjsModule(imported).default as T;
}

/** Deep equality of JSON values (`uniqueItems`, `const`, `enum` of objects). */
export const ajvEqual: (a: unknown, b: unknown) => boolean = helper(equalModule);
/** Date-time checks of the `date-time` formats. */
export const ajvTimestamp: (value: string, allowDate: boolean) => boolean = helper(timestampModule);
/** The length of a string in code points, as `minLength` and `maxLength` count it. */
export const ajvUcs2length: (value: string) => number = helper(ucs2lengthModule);
/** The URI parser of the `uri` formats. */
export const ajvUri: unknown = helper(uriModule);
/** The error a validator with `$async` throws. */
export const ajvValidationError: unknown = helper(validationErrorModule);
/** ajv-formats' `full` formats, each a RegExp, a function or a definition. */
export const ajvFormats: { readonly [name: string]: Format } = fullFormats;

/** One reason a value does not match its schema, as ajv reports it; `instancePath` is a JSON Pointer into the value. */
export interface ClientToolValidationError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: { readonly [key: string]: unknown };
  readonly message?: string;
}

/** A standalone ajv validator: a type guard of `T`; after it returns false, `errors` holds the reasons. */
export type ClientToolValidator<T> = ((data: unknown) => data is T) & {
  readonly errors?: readonly ClientToolValidationError[] | null;
};
