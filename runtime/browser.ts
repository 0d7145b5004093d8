// gen-client-tools/runtime/browser: the browser-safe runtime (no `node:` module, no ajv): spec
// parsing, fingerprints, the registry, exports, and the client side of awaited calls.
export * from "./tool-spec/index.js";
export * from "./fingerprint/index.js";
export * from "./registry/index.js";
export * from "./export/index.js";
export * from "./provider-calls/index.js";
export * from "./calls/browser.js";
