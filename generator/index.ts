export { DEFAULT_IN, DEFAULT_OUT, DEFAULT_STUBS } from "./defaults.js";
export type { Diagnostic } from "./diagnostics.js";
export { formatDiagnostic } from "./diagnostics.js";
export type { GeneratedFile, GenerateResult } from "./generate.js";
export { generate } from "./generate.js";
export type { GenerateOptions } from "./options/generate-options.js";
export { generatedFilesUpToDate } from "./up-to-date/up-to-date.js";
export type { WriteGeneratedOptions, WriteGeneratedReport } from "./write-generated.js";
export { writeGenerated } from "./write-generated.js";
