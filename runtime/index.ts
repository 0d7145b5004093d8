// gen-client-tools/runtime: what agent servers and generated code import. It never imports the
// generator; the broker (which compiles validators with ajv) is the only part a browser does not
// need: browser code imports gen-client-tools/runtime/browser.
export * from "./tool-spec/index.js";
export * from "./fingerprint/index.js";
export * from "./registry/index.js";
export * from "./export/index.js";
export * from "./provider-calls/index.js";
export * from "./calls/index.js";
// Shadows the registry of ./registry/index.js: the server's checks client schemas against their meta-schema too.
export { ClientToolRegistry } from "./registry/server-registry.js";
