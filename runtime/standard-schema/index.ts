// gen-client-tools/runtime/standard-schema: what the generated `clientToolSchemas` are made of. Browser-safe.
export { clientToolStandardSchema, type ClientToolStandardSchema, type StandardSchemaValidator } from "./tool-schema.js";
export { SchemaConversionError } from "../schema/convert-dialect.js";
export { CONTENT_RESULT_SCHEMA } from "../tool-spec/content-result.js";
