// Template of the generated index.ts (see types.ts in this folder for how templates work).
// @gen:file
export * from "./types.js";
export * from "./specs.js";
export * from "./handlers.js";
export * from "./client-inputs.js";
