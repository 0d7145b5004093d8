export { canonicalJson } from "./canonical-json.js";
export { schemaFingerprint, toolFingerprints } from "./fingerprint.js";
export { sha256Hex } from "./sha256.js";
export type { Sha256Hex } from "./sha256.js";
