import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ImportExtension, ImportExtensionSetting } from "../options/import-style.js";

/** The extension a run uses: the setting's, or for "auto" the project's. */
export function resolveImportExtension(setting: ImportExtensionSetting, outDir: string): ImportExtension {
  return setting === "auto" ? projectImportExtension(outDir) : setting === "none" ? "" : setting;
}

export interface CompilerOptions {
  readonly module?: unknown;
  readonly moduleResolution?: unknown;
  readonly allowImportingTsExtensions?: unknown;
  readonly baseUrl?: unknown;
  readonly paths?: unknown;
}

/**
 * The import style of the project the output folder is in, read from the nearest tsconfig.json
 * above it (following `extends`): `.ts` where `allowImportingTsExtensions` is on, none where
 * modules resolve as a bundler or Node's CommonJS resolution does (Next.js, Vite), and `.js`
 * otherwise (NodeNext, Node16, or no tsconfig), which Node's own ES module loader needs.
 */
export function projectImportExtension(outDir: string): ImportExtension {
  const tsconfig = nearestTsconfig(outDir);
  const options = tsconfig === undefined ? undefined : compilerOptionsOf(tsconfig, new Set());
  if (options === undefined) return ".js";
  if (options.allowImportingTsExtensions === true) return ".ts";
  const resolution = lower(options.moduleResolution) ?? defaultResolution(lower(options.module));
  return resolution === "bundler" || resolution === "node" || resolution === "node10" ? "" : ".js";
}

export function nearestTsconfig(from: string): string | undefined {
  for (let folder = path.resolve(from); ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, "tsconfig.json");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(folder) === folder) return undefined;
  }
}

/**
 * A tsconfig's compiler options over those of what it extends; undefined for a file that cannot be read (an unreadable
 * base counts as none).
 */
export function compilerOptionsOf(file: string, seen: Set<string>): CompilerOptions | undefined {
  if (seen.has(file)) return {};
  seen.add(file);
  let config: { extends?: unknown; compilerOptions?: CompilerOptions };
  try {
    config = JSON.parse(stripJsonComments(readFileSync(file, "utf8"))) as typeof config;
  } catch {
    return undefined;
  }
  const bases =
    typeof config.extends === "string"
      ? [config.extends]
      : Array.isArray(config.extends)
        ? config.extends.filter((e): e is string => typeof e === "string")
        : [];
  let merged: CompilerOptions = {};
  for (const base of bases) {
    const resolved = resolveExtends(base, path.dirname(file));
    if (resolved !== undefined) merged = { ...merged, ...(compilerOptionsOf(resolved, seen) ?? {}) };
  }
  return {
    ...merged,
    ...(typeof config.compilerOptions === "object" && config.compilerOptions !== null ? config.compilerOptions : {}),
  };
}

export function resolveExtends(base: string, folder: string): string | undefined {
  if (base.startsWith(".") || path.isAbsolute(base)) {
    const file = path.resolve(folder, base);
    return existsSync(file) ? file : existsSync(`${file}.json`) ? `${file}.json` : undefined;
  }
  const require = createRequire(path.join(folder, "tsconfig.json"));
  for (const candidate of [base, `${base}.json`, `${base}/tsconfig.json`]) {
    try {
      return require.resolve(candidate);
    } catch {
      // the next form
    }
  }
  return undefined;
}

/** TypeScript's default resolution for a `module` setting. */
export function defaultResolution(module: string | undefined): string | undefined {
  if (module === "node16" || module === "node18" || module === "node20" || module === "nodenext") return "nodenext";
  if (module === "preserve") return "bundler";
  if (module === undefined || module === "commonjs") return "node10";
  return "classic";
}

export function lower(value: unknown): string | undefined {
  return typeof value === "string" ? value.toLowerCase() : undefined;
}

/** JSON with comments and trailing commas (tsconfig's format) as plain JSON; strings are kept as they are. */
export function stripJsonComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      out += text.slice(start, i + 1);
    } else if (char === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (char === "/" && text[i + 1] === "*") {
      i = text.indexOf("*/", i + 2);
      if (i === -1) break;
      i++;
    } else out += char;
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}
