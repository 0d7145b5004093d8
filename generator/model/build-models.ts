import type { ClientToolFingerprints, JsonObject } from "@gen-client-tools/runtime/core";
import {
  CONTENT_RESULT_TYPE,
  clientToolMode,
  clientToolVersionOf,
  nameKey,
  toolFingerprints,
  unknownMode,
} from "@gen-client-tools/runtime/core";
import type { CheckedTool } from "../check/check-specs.js";
import type { FileProblem } from "../diagnostics.js";
import type { Locator } from "../load/locator.js";
import { pascalName, toolIdentifier } from "./names.js";
import type { AwaitedToolModel, PrivateInputToolModel, ToolModel } from "./tool-model.js";

/** What model keeps for the next run in the process (see GenerationCache): each checked tool's model. */
export interface ModelMemo {
  readonly models: WeakMap<CheckedTool, ToolModel>;
}

/**
 * The model stage: names, modes and fingerprints for each checked tool, sorted by name so the
 * output does not depend on file order. Refuses two tools with one name, and two names that
 * would become one TypeScript name (`set-theme` and `set_theme`, `get_location` and `getLocation`).
 */
export function buildToolModels(
  tools: readonly CheckedTool[],
  locator: Locator,
  cache?: ModelMemo,
): { models: ToolModel[]; problems: FileProblem[] } {
  const models = tools
    .map((tool): ToolModel => {
      const cached = cache?.models.get(tool);
      if (cached !== undefined) return cached;
      const model = toolModel(tool);
      cache?.models.set(tool, model);
      return model;
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const problems: FileProblem[] = [];
  const report = (model: ToolModel, message: string): void =>
    void problems.push({ file: model.source.file, pointer: `${model.source.pointer}/name`, message });
  const where = (model: ToolModel): string => locator.place(model.source.file, `${model.source.pointer}/name`);

  for (const model of models) {
    const written = model.spec.fingerprints;
    if (
      written !== undefined &&
      (written.parameters !== model.fingerprints.parameters ||
        written.outputSchema !== model.fingerprints.outputSchema ||
        written.privateInput !== model.fingerprints.privateInput)
    ) {
      problems.push({
        file: model.source.file,
        pointer: `${model.source.pointer}/fingerprints`,
        message: '"fingerprints" do not match the schemas: remove them, the generator computes them',
      });
    }
  }
  const seen = {
    name: new Map<string, ToolModel>(),
    id: new Map<string, ToolModel>(),
    pascal: new Map<string, ToolModel>(),
    key: new Map<string, ToolModel>(),
  };
  for (const model of models) {
    const sameName = seen.name.get(model.name);
    if (sameName !== undefined) {
      report(
        model,
        `duplicate tool name ${JSON.stringify(model.name)}, also defined at ${where(sameName)}: rename one of them`,
      );
      continue;
    }
    seen.name.set(model.name, model);
    if (`${model.pascal}Result` === CONTENT_RESULT_TYPE) {
      report(
        model,
        `tool name ${JSON.stringify(model.name)} would give its result the TypeScript name ` +
          `${CONTENT_RESULT_TYPE}, which the generated types use themselves: rename the tool`,
      );
      continue;
    }
    let clashed = false;
    for (const [kind, key] of [
      ["id", model.id],
      ["pascal", model.pascal],
    ] as const) {
      const clash = seen[kind].get(key);
      if (clash !== undefined) {
        const generated = kind === "id" ? `ClientAction_${key}` : `${key}Args`;
        report(
          model,
          `tool names ${JSON.stringify(clash.name)} (${where(clash)}) and ${JSON.stringify(model.name)} ` +
            `both become the TypeScript name ${generated}: rename one of them`,
        );
        clashed = true;
        break;
      }
      seen[kind].set(key, model);
    }
    // `chart`'s partial arguments and `chart_partial`'s arguments would share one name.
    const partialClash = clashed
      ? undefined
      : (seen.pascal.get(`${model.pascal}Partial`) ??
        (model.pascal.endsWith("Partial") ? seen.pascal.get(model.pascal.slice(0, -"Partial".length)) : undefined));
    if (partialClash !== undefined && partialClash !== model) {
      report(
        model,
        `tool names ${JSON.stringify(partialClash.name)} (${where(partialClash)}) and ${JSON.stringify(model.name)} would both give the TypeScript name ` +
          `${model.pascal.endsWith("Partial") ? model.types.args : model.types.partialArgs} (one tool's streamed arguments, the other's arguments): rename one of them`,
      );
      clashed = true;
    }
    // The runtime's rule: a model or a person could take one name for the other.
    const looks = nameKey(model.name);
    const alike = seen.key.get(looks);
    if (!clashed && alike !== undefined) {
      report(
        model,
        `tool names ${JSON.stringify(alike.name)} (${where(alike)}) and ${JSON.stringify(model.name)} look alike ` +
          `(names are compared ignoring case, "-" and "_"), and the runtime refuses such a pair: rename one of them`,
      );
    }
    seen.key.set(looks, model);
  }
  return { models, problems };
}

/**
 * What a run in a new process knows of a tool's model from the last run (see ProductsStore), so that its spec's
 * schemas need not be read for it.
 */
export interface KnownModel {
  readonly fingerprints: ClientToolFingerprints;
  readonly mode: ToolModel["mode"];
  readonly version: string;
  readonly ownMcpArgKind: boolean;
}

/** A checked tool's names, mode and fingerprints: computed, or as `known` gives them. */
export function toolModel(tool: CheckedTool, known?: KnownModel): ToolModel {
  const { spec } = tool;
  const fingerprints = known?.fingerprints ?? toolFingerprints(spec);
  const common = {
    name: spec.name,
    id: toolIdentifier(spec.name),
    pascal: pascalName(spec.name),
    fingerprints,
    version: known?.version ?? clientToolVersionOf({ ...spec, fingerprints }),
    source: tool.source,
    ownMcpArgKind: known?.ownMcpArgKind ?? declaresOwnMcpArgKind(spec.parameters),
  };
  const types = {
    args: `${common.pascal}Args`,
    partialArgs: `${common.pascal}PartialArgs`,
    action: `ClientAction_${common.id}`,
  };
  const mode = known?.mode ?? clientToolMode(spec).mode;
  // The mode says which schemas the spec holds (clientToolMode reads them so).
  switch (mode) {
    case "fire-and-forget":
      return { ...common, spec, mode, types };
    case "awaited":
      return {
        ...common,
        spec: spec as AwaitedToolModel["spec"],
        mode,
        types: { ...types, result: `${common.pascal}Result` },
      };
    case "awaited-content":
      return { ...common, spec, mode, types: { ...types, result: `${common.pascal}Result` } };
    case "private-input":
      return {
        ...common,
        spec: spec as PrivateInputToolModel["spec"],
        mode,
        types: { ...types, result: `${common.pascal}Result`, privateInput: `${common.pascal}PrivateInput` },
      };
    default:
      return unknownMode(mode);
  }
}

/** Whether parameters declare an argument named `mcp_arg_kind` and none named `kind`. */
function declaresOwnMcpArgKind(parameters: JsonObject): boolean {
  const properties = parameters["properties"];
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return false;
  return Object.hasOwn(properties, "mcp_arg_kind") && !Object.hasOwn(properties, "kind");
}
