/** How the generated modules name each other: `./types.js`, `./types.ts` or `./types`. */
export type ImportExtension = ".js" | ".ts" | "";

/** The `importExtension` option: "auto" reads the project's tsconfig. */
export type ImportExtensionSetting = "auto" | ".js" | ".ts" | "none";

const SETTINGS: readonly ImportExtensionSetting[] = ["auto", ".js", ".ts", "none"];

/** A value given for the option, when it is one of its settings. */
export function importExtensionSetting(value: unknown): ImportExtensionSetting | undefined {
  return SETTINGS.find((setting) => setting === value);
}
