import path from "node:path";
import type { ErrorPayload, Logger, Plugin } from "vite";
import { createGenerationCache } from "../cache/generation-cache.js";
import { crashMessage, isInternalError } from "../cli/report.js";
import { count } from "../count.js";
import { type Diagnostic, formatDiagnostic } from "../diagnostics.js";
import type { GenerateOptions } from "../options/generate-options.js";
import { type DebouncedRuns, QUIET_MS, serialDebounce } from "../watch/debounce.js";
import { affectsSpecs, watchPlan } from "../watch/spec-roots.js";
import { overlayError, problemsText } from "./overlay.js";

export interface ClientToolsPluginOptions extends Omit<GenerateOptions, "cwd"> {
  /**
   * A config file to take defaults from, relative to Vite's root; default
   * `gen-client-tools.config.json` there when present. The options given here win over it;
   * paths given here are relative to Vite's root.
   */
  readonly config?: string;
}

interface Written {
  readonly notes: readonly string[];
  readonly warnings: readonly Diagnostic[];
  readonly toolCount: number;
  readonly written: number;
}
type RunOutcome = { readonly diagnostics: readonly Diagnostic[] } | Written;

/**
 * Generates the client-tool bindings when Vite starts (`vite build` fails on a spec problem,
 * listing them all), and in the dev server again on every change under the spec folders. The
 * generated files are project files that Vite watches, so the modules importing them update
 * as after any edit. A spec problem shows in the error overlay (and on the terminal) while the
 * last good output stays; the save that fixes it reloads the page.
 *
 * Vite is only a type here: this module never loads it.
 */
export function clientTools(pluginOptions: ClientToolsPluginOptions = {}): Plugin {
  let root = process.cwd();
  let logger: Logger | undefined;
  let serving = false;
  let runs: DebouncedRuns | undefined;
  // Kept across the dev server's runs, so that a save redoes only its file's tools.
  const cache = createGenerationCache();

  const resolveOptions = async (): Promise<{
    options: GenerateOptions & { cwd: string };
    diagnostics: readonly Diagnostic[];
  }> => {
    const { loadConfig } = await import("../options/config-file.js");
    const { config, ...overrides } = pluginOptions;
    const loaded = loadConfig(config, root);
    return { options: { ...loaded.options, ...overrides, cwd: root }, diagnostics: loaded.diagnostics };
  };
  // The generator loads on first use, not when vite.config is read.
  const generateAndWrite = async (options: GenerateOptions): Promise<RunOutcome> => {
    const { runGeneration } = await import("../run-generation.js");
    const { writeGenerated } = await import("../write-generated.js");
    const result = await runGeneration(options, cache);
    if (result.diagnostics.length > 0) return { diagnostics: result.diagnostics };
    return {
      notes: result.notes,
      warnings: result.warnings,
      toolCount: result.toolCount,
      written: writeGenerated(result).changed.length,
    };
  };
  const logWritten = (outcome: Written): void => {
    for (const warning of outcome.warnings)
      logger?.warn(`gen-client-tools: warning: ${formatDiagnostic(warning)}`, { timestamp: true });
    for (const note of outcome.notes) logger?.warn(`gen-client-tools: note: ${note}`, { timestamp: true });
    if (outcome.written > 0)
      logger?.info(`gen-client-tools: ${count(outcome.toolCount, "tool")}, ${count(outcome.written, "file")} written`, {
        timestamp: true,
      });
  };

  return {
    name: "gen-client-tools",

    configResolved(config) {
      root = config.root;
      logger = config.logger;
      serving = config.command === "serve";
    },

    async buildStart() {
      // The dev server generates in configureServer, before it serves anything.
      if (serving) return;
      const { options, diagnostics } = await resolveOptions();
      let outcome: RunOutcome;
      try {
        outcome = diagnostics.length > 0 ? { diagnostics } : await generateAndWrite(options);
      } catch (error) {
        if (process.env["GEN_CLIENT_TOOLS_DEBUG"]) throw error;
        return this.error({ message: crashMessage(error), stack: "" });
      }
      // No stack: these are the user's input errors, and the frames would be ours.
      if ("diagnostics" in outcome) return this.error({ message: problemsText(outcome.diagnostics), stack: "" });
      logWritten(outcome);
    },

    async configureServer(server) {
      let shown: ErrorPayload["err"] | undefined;
      const showError = (err: ErrorPayload["err"]): void => {
        shown = err;
        server.config.logger.error(err.message, { timestamp: true });
        server.ws.send({ type: "error", err });
      };
      const show = (diagnostics: readonly Diagnostic[]): void => showError(overlayError(diagnostics, root));
      // A page opened while the specs are broken gets the overlay too (the others have it).
      server.ws.on("connection", (socket) => {
        if (shown !== undefined) socket.send(JSON.stringify({ type: "error", err: shown } satisfies ErrorPayload));
      });

      const { options, diagnostics } = await resolveOptions();
      if (diagnostics.length > 0) return show(diagnostics);
      const regenerate = async (): Promise<void> => {
        try {
          const outcome = await generateAndWrite(options);
          if ("diagnostics" in outcome) return show(outcome.diagnostics);
          logWritten(outcome);
        } catch (error) {
          // A bug of ours: the stack helps its report. Anything else is the user's to fix, and its message says how.
          const stack = isInternalError(error) && error instanceof Error ? (error.stack ?? "") : "";
          return showError({ message: crashMessage(error), stack, plugin: "gen-client-tools" });
        }
        // Fixed: when the output did not change, nothing else would clear the overlay.
        if (shown !== undefined) {
          shown = undefined;
          server.ws.send({ type: "full-reload", path: "*" });
        }
      };
      // Before the server answers a request: the modules it serves import the output.
      await regenerate();

      const { roots, ignored, outDir } = watchPlan(options, root);
      runs = serialDebounce(regenerate, QUIET_MS);
      // The spec folders may lie outside Vite's root; the output folder is watched so that the
      // modules importing it update like after any edit.
      server.watcher.add([...roots.map((r) => r.dir), outDir]);
      server.watcher.on("all", (_event: string, file: string) => {
        if (affectsSpecs(path.resolve(file), roots, ignored)) runs?.trigger();
      });
    },

    async closeBundle() {
      await runs?.close();
    },
  };
}
