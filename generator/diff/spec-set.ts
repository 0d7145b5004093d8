import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ClientToolSpec } from "@gen-client-tools/runtime/core";
import { checkSpecs } from "../check/check-specs.js";
import type { Diagnostic } from "../diagnostics.js";
import { createLocator } from "../load/locator.js";
import { loadSources } from "../load/sources.js";

/** One side of a diff: the specs of a folder or file, or of the spec folders at a git revision. */
export type SpecSetRead =
  | { readonly specs: readonly ClientToolSpec[]; readonly label: string }
  | { readonly diagnostics: readonly Diagnostic[]; readonly label: string };

/** The prefix that names a git revision instead of a path: `git:main`, `git:HEAD~1`, `git:v1.2.0`. */
export const GIT_PREFIX = "git:";

/**
 * Reads and checks a spec set as a run does (the same load and check stages, `$ref`s and all):
 * `where` is a folder or file (relative to `cwd`), or `git:<ref>` for the spec folders `specFolders`
 * (the configured `in`, absolute) as they are at that revision of the repository around `cwd`.
 */
export function readSpecSet(where: string, cwd: string, specFolders: readonly string[]): SpecSetRead {
  if (!where.startsWith(GIT_PREFIX)) return checked([path.resolve(cwd, where)], cwd, where);
  const ref = where.slice(GIT_PREFIX.length);
  const label = where;
  if (ref === "" || ref.startsWith("-"))
    return {
      label,
      diagnostics: [
        { file: where, message: `${where} names no revision: write git:<ref>, such as git:main or git:HEAD~1` },
      ],
    };
  const git = (...args: string[]): string =>
    execFileSync("git", args, {
      cwd,
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    });
  let top: string;
  try {
    top = git("rev-parse", "--show-toplevel").trim();
    git("rev-parse", "--verify", "--quiet", `${ref}^{commit}`);
  } catch (error) {
    const reason = (error as { stderr?: string }).stderr?.trim();
    return {
      label,
      diagnostics: [
        {
          file: where,
          message:
            `no such revision in the git ` +
            `repository around ${cwd}${reason ? ` (${reason.split("\n")[0]})` : ""}: name a branch, tag or commit`,
        },
      ],
    };
  }
  const checkout = mkdtempSync(path.join(tmpdir(), "gen-client-tools-diff-"));
  try {
    const folders: string[] = [];
    for (const folder of specFolders) {
      const relative = path.relative(top, folder).split(path.sep).join("/");
      if (relative.startsWith(".."))
        return {
          label,
          diagnostics: [{ file: where, message: `the spec folder ${folder} is outside the git repository ${top}` }],
        };
      const files = git("ls-tree", "-r", "-z", "--name-only", ref, "--", relative || ".")
        .split("\0")
        .filter(Boolean);
      if (files.length === 0) continue;
      for (const file of files) {
        const target = path.join(checkout, ...file.split("/"));
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(
          target,
          execFileSync("git", ["show", `${ref}:${file}`], { cwd: top, maxBuffer: 256 * 1024 * 1024 }),
        );
      }
      folders.push(path.join(checkout, ...relative.split("/")));
    }
    if (folders.length === 0) return { label, specs: [] };
    return checked(folders, checkout, where);
  } finally {
    rmSync(checkout, { recursive: true, force: true });
  }
}

function checked(folders: readonly string[], cwd: string, label: string): SpecSetRead {
  const { sources, diagnostics: unread } = loadSources({
    in: folders,
    cwd,
    out: path.join(cwd, ".gen-client-tools-diff"),
    stubs: false,
  });
  const locator = createLocator(sources.specs.map((spec) => spec.document));
  const { tools, problems } = checkSpecs(sources.specs);
  const diagnostics = [...unread, ...locator.locate(problems)];
  if (diagnostics.length > 0)
    return {
      label,
      diagnostics: diagnostics.map((d) => ({
        ...d,
        file: label.startsWith(GIT_PREFIX) ? `${label}:${d.file}` : d.file,
      })),
    };
  return { label, specs: tools.map((tool) => tool.spec) };
}
