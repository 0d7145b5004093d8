export {
  ClientToolDuplicateNameError,
  ClientToolFingerprintMismatchError,
  ClientToolInvalidSpecError,
  ClientToolLookalikeNameError,
  ClientToolNameCollisionError,
  ClientToolRegistrationError,
  ClientToolSchemaConflictError,
} from "./errors.js";
export { findFirstDifference } from "./first-difference.js";
export type { JsonDifference } from "./first-difference.js";
export { ClientToolRegistry } from "./registry.js";
export type { ClientToolRegistryOptions, ClientToolScope } from "./registry.js";
export type { ClientToolRegistrySnapshot, ClientToolScopeSnapshot } from "./snapshot.js";
export type { ClientToolLookup, RegisteredClientTool } from "./types.js";
