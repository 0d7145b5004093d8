export {
  ClientToolDuplicateNameError,
  ClientToolFingerprintMismatchError,
  ClientToolInvalidSpecError,
  ClientToolLimitError,
  ClientToolPrivateInputError,
  ClientToolLookalikeNameError,
  ClientToolNameCollisionError,
  ClientToolRegistrationError,
  ClientToolSchemaConflictError,
} from "./errors.js";
export { findFirstDifference } from "./first-difference.js";
export type { JsonDifference } from "./first-difference.js";
export { ClientToolRegistry } from "./registry.js";
export type { RegistryLimits } from "./limits.js";
export type { ClientToolRegistryOptions, ClientToolScope, ClientToolScopeOptions } from "./registry.js";
export type { ClientToolRegistrySnapshot, ClientToolScopeSnapshot } from "./snapshot.js";
export type { ClientToolLookup, ClientToolRegistration, IgnoredClientTool, RegisteredClientTool } from "./types.js";
