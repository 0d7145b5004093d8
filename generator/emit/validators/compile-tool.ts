import { compileStandalone, type StandaloneValidator } from "./compile.js";
import { type ModuleValidator, validatorModule } from "./es-module.js";
import { ROLE_SCHEMA, type ToolValidatorExport } from "./tool-exports.js";

/** A tool's validator module, or why a schema of it cannot have one. */
export type ToolModuleOutcome =
  | { readonly code: string; readonly warnings: readonly string[] }
  | { readonly errors: readonly { readonly role: ToolValidatorExport["role"]; readonly error: string }[] };

/**
 * Each schema's compiled code, by its JSON text (ajv's code depends on nothing else), for the tools of one run: tools
 * often share schemas (an empty object, a list of one shape), compiled then once a thread.
 */
export type CompiledSchemas = Map<string, StandaloneValidator>;

/**
 * Compiles a tool's schemas and makes its module: the unit of work of a thread, so threads
 * share out assembling as well as compiling. A failure is a value (it crosses threads, and
 * becomes a diagnostic); warnings name the schema they are about.
 */
export function compileToolModule(
  exports: readonly ToolValidatorExport[],
  compiledSchemas: CompiledSchemas,
): ToolModuleOutcome {
  const compiled: ModuleValidator[] = [];
  const warnings: string[] = [];
  const errors: { role: ToolValidatorExport["role"]; error: string }[] = [];
  for (const { name, role, type, doc, schema } of exports) {
    try {
      const text = JSON.stringify(schema);
      let validator = compiledSchemas.get(text);
      if (validator === undefined) {
        validator = compileStandalone(schema);
        compiledSchemas.set(text, validator);
      }
      compiled.push({ exportName: name, type, doc, standalone: validator.code });
      warnings.push(...validator.warnings.map((warning) => `${ROLE_SCHEMA[role]}: ${warning}`));
    } catch (error) {
      errors.push({ role, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return errors.length > 0 ? { errors } : { code: validatorModule(compiled), warnings };
}
