import { clientToolMode, unknownMode } from "../tool-spec/tool-mode.js";
import { asObjectSchema, type ExportedObjectSchema, type ExportTargetDefinition } from "./types.js";

/**
 * A function declaration (the @google/genai `FunctionDeclaration`), with the schemas as JSON
 * Schema (`parametersJsonSchema`, `responseJsonSchema`), not Gemini's OpenAPI subset, so
 * nothing is translated or lost. Put the tools in `{ functionDeclarations: tools }`.
 */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parametersJsonSchema: ExportedObjectSchema;
  /** Awaited tools only: the result the client sends back. */
  responseJsonSchema?: ExportedObjectSchema;
}

export const geminiTarget: ExportTargetDefinition<GeminiFunctionDeclaration> = {
  toTool: ({ spec, parameters }) => {
    const declaration = { name: spec.name, description: spec.description, parametersJsonSchema: parameters };
    const kind = clientToolMode(spec);
    switch (kind.mode) {
      case "fire-and-forget":
        return declaration;
      case "awaited":
      case "awaited-content":
        return { ...declaration, responseJsonSchema: asObjectSchema(kind.outputSchema) };
      case "private-input":
        // The private value's schema is never a model's to see; what it sees is the fixed response.
        return declaration;
      default:
        return unknownMode(kind);
    }
  },
};
