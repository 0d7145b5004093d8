import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The folder holding generator/ and runtime/ (with a trailing separator): the package's root in
 * the sources, its dist/ when built. From any module under generator/, the CLI's bundle included.
 */
export function codeRoot(): string {
  const here = fileURLToPath(import.meta.url);
  return here.slice(0, here.lastIndexOf("generator"));
}

/** The package's root folder (with a trailing separator), in the sources and in the installed package alike. */
export function packageRoot(): string {
  return codeRoot().replace(/dist[\\/]$/, "");
}

/** `.ts` in the sources, `.js` when built: the extension of this package's modules where this code runs. */
export function moduleExtension(): string {
  return import.meta.url.slice(import.meta.url.lastIndexOf("."));
}

/** This package's version, from its package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(`${packageRoot()}package.json`, "utf8")) as { version: string }).version;
}
