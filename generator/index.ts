export { generate } from "./generate.js";
export { DEFAULT_IN, DEFAULT_OUT, DEFAULT_STUBS } from "./defaults.js";
export type { GenerateResult, GeneratedFile } from "./generate.js";
export type { GenerateOptions } from "./options/generate-options.js";
export { writeGenerated } from "./write-generated.js";
export { generatedFilesUpToDate } from "./up-to-date/up-to-date.js";
export type { WriteGeneratedOptions, WriteGeneratedReport } from "./write-generated.js";
export { formatDiagnostic } from "./diagnostics.js";
export type { Diagnostic } from "./diagnostics.js";
