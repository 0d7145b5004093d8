// @gen-client-tools/runtime/core: the spec rules and schema tools the generator applies, for
// library authors (as zod's core serves libraries built on zod). The generator imports the runtime
// through this entry and the others, never by a file's path, so one set of rules serves both
// packages. Node: it checks schemas against their meta-schema with ajv, loaded on first use, so
// nothing here loads ajv or re2js on import.

// Specs and their rules.
export { checkParsedClientToolSpecs, parseClientToolSpecs } from "./tool-spec/parse.js";
export { schemaShapeProblems } from "./tool-spec/spec-fields.js";
export type { ClientToolFingerprints, ClientToolPrivateInput, ClientToolSpec } from "./tool-spec/types.js";
export type { ClientToolMode } from "./tool-spec/tool-mode.js";
export { answerSchemaOf, clientToolMode, unknownMode } from "./tool-spec/tool-mode.js";
export { CONTENT_RESULT_SCHEMA, CONTENT_RESULT_TYPE } from "./tool-spec/content-result.js";
export { MAX_JSON_DEPTH, toFrozenJson } from "./tool-spec/frozen-json.js";
export { parametersKeyOf } from "./tool-spec/parameters-key.js";
export { nameKey } from "./registry/name-key.js";
export { clientToolContractOf, clientToolVersionOf } from "./wire/client-tool-contract.js";

// JSON and JSON Schema: values, pointers, the walker, the dialects and the keyword table.
export type { JsonObject, JsonSchema, JsonValue, SpecProblem } from "./util/json.js";
export { childPointer, pointerTokens } from "./schema/json-pointer.js";
export { forEachRef, rewriteRefs, valueAt } from "./schema/json-walk.js";
export { own } from "./schema/subschemas.js";
export { isJsonObject } from "./util/guards.js";
export { setOwnKey } from "./schema/own-key.js";
export { withProtoProperties } from "./schema/proto-properties.js";
export { refTokens } from "./schema/ref-tokens.js";
export { unresolvedPointer } from "./schema/reference-rules.js";
export { withResolvableRoot } from "./schema/resolvable-root.js";
export type { SchemaDialect } from "./schema/dialect.js";
export { definitionsKeyword, schemaDialect } from "./schema/dialect.js";
export { EVALUATING_KEYWORDS } from "./schema/keywords.js";
export { metaSchemaProblems } from "./schema/meta-schema.js";
export { schemaWarnings } from "./schema/schema-warnings.js";
export { suggestKey } from "./schema/suggest.js";
export { VALIDATION_OPTIONS, validationOptionsFor } from "./schema/ajv-options.js";

// Fingerprints (comparing schemas is the server entry's compareSchemas: it brings ajv and re2js).
export { canonicalJson } from "./fingerprint/canonical-json.js";
export { schemaFingerprint, toolFingerprints } from "./fingerprint/fingerprint.js";
export { sha256Hex } from "./fingerprint/sha256.js";
