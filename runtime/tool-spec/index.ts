export { ClientToolSpecError } from "./errors.js";
export { childPointer, pointerTokens } from "../schema/json-pointer.js";
export { checkClientToolSpecs, parseClientToolSpec, parseClientToolSpecs, TOOL_NAME_PATTERN } from "./parse.js";
export type { CheckedSpec, CheckedSpecs } from "./parse.js";
export { CLIENT_TOOL_RECOVERIES, DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_SECONDS } from "./types.js";
export type {
  ClientToolAnnotations,
  ClientToolFingerprints,
  ClientToolPrivateInput,
  ClientToolRecovery,
  ClientToolSpec,
  JsonObject,
  JsonSchema,
  JsonValue,
  SpecProblem,
} from "./types.js";
export { definitionsKeyword, schemaDialect } from "../schema/dialect.js";
export type { SchemaDialect } from "../schema/dialect.js";
export { answerSchemaOf, clientToolMode } from "./tool-mode.js";
export { CONTENT_RESULT_SCHEMA } from "./content-result.js";
export type { ClientToolContentResult } from "./content-result.js";
export type { ClientToolMode } from "./tool-mode.js";
