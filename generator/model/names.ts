/** The name as a TypeScript identifier fragment: `-` becomes `_` (`set-theme` -> `set_theme`). */
export function toolIdentifier(name: string): string {
  return name.replace(/-/g, "_");
}

/**
 * PascalCase for type names: split on `_` and `-`, capitalize each part, keep the rest
 * (`open_file_viewer` -> `OpenFileViewer`, `getLocation` -> `GetLocation`). A name that would
 * start with a digit or be empty gets the prefix `Tool`. Two names that give the same result
 * are reported by the model stage, never suffixed.
 */
export function pascalName(name: string): string {
  const joined = name
    .split(/[-_]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
  return /^[A-Za-z]/.test(joined) ? joined : `Tool${joined}`;
}
