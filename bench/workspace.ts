import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeMcpCorpus } from "./corpus/mcp-corpus.js";
import { type Corpus, writeCorpus } from "./corpus/write-corpus.js";
import { PACKAGE_ROOT } from "./paths.js";

/**
 * One project per corpus size, laid out as a user's: specs in `client-tools/`, output in
 * `src/client-tools.gen/`, handlers in `src/client-tool-handlers.ts` (the CLI's defaults).
 * It lives in the system's temp folder, not in bench/: the project's tsconfig includes bench/,
 * and generated TypeScript there would be type-checked and built with the package.
 */
export interface BenchProject {
  readonly tools: number;
  readonly kind: CorpusKind;
  readonly root: string;
  readonly specsFolder: string;
  readonly outFolder: string;
  readonly stubsFile: string;
  readonly corpus: Corpus;
}

/** The synthetic corpus (bench/corpus/tool-spec.ts), or real schemas: the official MCP servers' tools'. */
export type CorpusKind = "synthetic" | "mcp";

export class Workspace {
  readonly root = mkdtempSync(path.join(os.tmpdir(), "gct-bench-"));
  readonly #projects = new Map<string, BenchProject>();

  constructor(readonly seed: number) {}

  /** The project with `tools` specs of that kind, its corpus written on first use. */
  project(tools: number, kind: CorpusKind = "synthetic"): BenchProject {
    const name = `${kind === "mcp" ? "mcp" : "n"}${tools}`;
    let project = this.#projects.get(name);
    if (project === undefined) {
      const root = path.join(this.root, name);
      // The generated code imports the runtime package: installed, as in a user's project.
      mkdirSync(path.join(root, "node_modules/@gen-client-tools"), { recursive: true });
      symlinkSync(path.join(PACKAGE_ROOT, "runtime"), path.join(root, "node_modules/@gen-client-tools/runtime"), "dir");
      const specsFolder = path.join(root, "client-tools");
      project = {
        tools,
        kind,
        root,
        specsFolder,
        outFolder: path.join(root, "src", "client-tools.gen"),
        stubsFile: path.join(root, "src", "client-tool-handlers.ts"),
        corpus: kind === "mcp" ? writeMcpCorpus(specsFolder, tools) : writeCorpus(specsFolder, tools, this.seed),
      };
      this.#projects.set(name, project);
    }
    return project;
  }

  /** The projects made so far, smallest first. */
  projects(): BenchProject[] {
    return [...this.#projects.values()].sort((a, b) => a.tools - b.tools);
  }

  /** A scratch folder inside the workspace. */
  folder(name: string): string {
    const folder = path.join(this.root, name);
    mkdirSync(folder, { recursive: true });
    return folder;
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
