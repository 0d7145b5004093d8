import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { convertSchemaDialect } from "../schema/convert-dialect.js";
import { type SchemaDialect, schemaDialect } from "../schema/dialect.js";
import { pointerTokens } from "../schema/json-pointer.js";
import { validationMessage } from "../schema/validation-message.js";
import type { JsonObject } from "../util/json.js";

/**
 * A tool's arguments or result as a Standard Schema: `validate` runs the generated validator,
 * and `jsonSchema` gives the schema as written, so every Standard Schema consumer takes the tool.
 */
export interface ClientToolStandardSchema<T> extends StandardSchemaV1<T, T>, StandardJSONSchemaV1<T, T> {
  readonly "~standard": StandardSchemaV1.Props<T, T> & StandardJSONSchemaV1.Props<T, T>;
}

/** A validator as ajv compiles it: true when the value matches; after false, `errors` says why. */
export type StandardSchemaValidator = ((data: unknown) => boolean) & {
  readonly errors?:
    | readonly {
        readonly instancePath: string;
        readonly keyword: string;
        readonly message?: string;
        readonly params?: { readonly [key: string]: unknown };
      }[]
    | null;
};

const TARGETS: Readonly<Record<string, SchemaDialect>> = { "draft-07": "draft-07", "draft-2020-12": "2020-12" };

/**
 * The Standard Schema of one schema and its validator. Each JSON Schema accessor returns a fresh,
 * unfrozen copy (consumers edit what they get): the schema as written for its own draft, a copy
 * converted exactly for the other one, and an error naming the keyword where no exact copy exists.
 */
export function clientToolStandardSchema<T>(
  schema: JsonObject,
  validator: StandardSchemaValidator,
): ClientToolStandardSchema<T> {
  const jsonSchema = (options: StandardJSONSchemaV1.Options): Record<string, unknown> => {
    const target = TARGETS[options.target];
    if (target === undefined) {
      throw new Error(`gen-client-tools writes JSON Schema draft-07 and draft-2020-12, not "${options.target}".`);
    }
    if (schemaDialect(schema) === undefined)
      throw new Error(`The schema's $schema ${JSON.stringify(schema["$schema"])} is not one gen-client-tools knows.`);
    return convertSchemaDialect(schema, target) as Record<string, unknown>;
  };
  return {
    "~standard": {
      version: 1,
      vendor: "gen-client-tools",
      validate(value) {
        if (validator(value)) return { value: value as T };
        const issues = (validator.errors ?? []).map((error) => ({
          message: validationMessage(error),
          path: pointerTokens(error.instancePath),
        }));
        return { issues: issues.length > 0 ? issues : [{ message: "does not match the schema" }] };
      },
      jsonSchema: { input: jsonSchema, output: jsonSchema },
    },
  };
}
