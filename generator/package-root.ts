import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The package's root folder (with a trailing separator): from generator/ in the sources and
 * from dist/generator/ in the installed package alike, it is the folder holding generator/.
 */
export function packageRoot(): string {
  const here = fileURLToPath(import.meta.url);
  return here.slice(0, here.lastIndexOf("generator")).replace(/dist[\\/]$/, "");
}

/** This package's version, from its package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(`${packageRoot()}package.json`, "utf8")) as { version: string }).version;
}
