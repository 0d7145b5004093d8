import { toolFingerprints } from "../../runtime/fingerprint/fingerprint.js";
import type { CheckedTool } from "../check/check-specs.js";
import { locateInJson, type Diagnostic } from "../diagnostics.js";
import { pascalName, toolIdentifier } from "./names.js";
import type { ToolModel } from "./tool-model.js";
import { nameKey } from "../../runtime/registry/name-key.js";

/**
 * The model stage: names, modes and fingerprints for each checked tool, sorted by name so the
 * output does not depend on file order. Refuses two tools with one name, and two names that
 * would become one TypeScript name (`set-theme` and `set_theme`, `get_location` and `getLocation`).
 */
export function buildToolModels(tools: readonly CheckedTool[]): { models: ToolModel[]; diagnostics: Diagnostic[] } {
  const models = tools
    .map((tool): ToolModel => {
      const { spec } = tool;
      const id = toolIdentifier(spec.name);
      const pascal = pascalName(spec.name);
      return {
        name: spec.name,
        id,
        pascal,
        mode: spec.outputSchema === undefined ? "fire-and-forget" : "awaited",
        spec,
        fingerprints: toolFingerprints(spec),
        types: { args: `${pascal}Args`, ...(spec.outputSchema !== undefined && { result: `${pascal}Result` }), action: `ClientAction_${id}` },
        source: { document: tool.document, pointer: tool.pointer },
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const diagnostics: Diagnostic[] = [];
  const report = (model: ToolModel, message: string): void => {
    const { document, pointer } = model.source;
    diagnostics.push(...locateInJson(document.displayPath, document.text, [{ pointer: `${pointer}/name`, message }]));
  };
  const where = (model: ToolModel): string => {
    const [place] = locateInJson(model.source.document.displayPath, model.source.document.text, [{ pointer: `${model.source.pointer}/name`, message: "" }]);
    return place?.line !== undefined ? `${place.file}:${place.line}:${place.column}` : model.source.document.displayPath;
  };

  for (const model of models) {
    const written = model.spec.fingerprints;
    if (written !== undefined && (written.parameters !== model.fingerprints.parameters || written.outputSchema !== model.fingerprints.outputSchema)) {
      const { document, pointer } = model.source;
      diagnostics.push(...locateInJson(document.displayPath, document.text, [{ pointer: `${pointer}/fingerprints`, message: '"fingerprints" do not match the schemas: remove them, the generator computes them' }]));
    }
  }
  const seen = { name: new Map<string, ToolModel>(), id: new Map<string, ToolModel>(), pascal: new Map<string, ToolModel>(), key: new Map<string, ToolModel>() };
  for (const model of models) {
    const sameName = seen.name.get(model.name);
    if (sameName !== undefined) {
      report(model, `duplicate tool name ${JSON.stringify(model.name)}, also defined at ${where(sameName)}: rename one of them`);
      continue;
    }
    seen.name.set(model.name, model);
    let clashed = false;
    for (const [kind, key] of [["id", model.id], ["pascal", model.pascal]] as const) {
      const clash = seen[kind].get(key);
      if (clash !== undefined) {
        const generated = kind === "id" ? `ClientAction_${key}` : `${key}Args`;
        report(model, `tool names ${JSON.stringify(clash.name)} (${where(clash)}) and ${JSON.stringify(model.name)} both become the TypeScript name ${generated}: rename one of them`);
        clashed = true;
        break;
      }
      seen[kind].set(key, model);
    }
    // The runtime's rule: a model or a person could take one name for the other.
    const alike = seen.key.get(nameKey(model.name));
    if (!clashed && alike !== undefined) {
      report(model, `tool names ${JSON.stringify(alike.name)} (${where(alike)}) and ${JSON.stringify(model.name)} look alike (names are compared ignoring case, "-" and "_"), and the runtime refuses such a pair: rename one of them`);
    }
    seen.key.set(nameKey(model.name), model);
  }
  return { models, diagnostics };
}
