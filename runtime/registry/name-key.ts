/**
 * A tool name as people and models read it: letter case, `-` and `_` ignored. Two names with
 * one key look alike (`bash`, `Bash`, `bash_`), so one cannot pass for the other.
 */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, "");
}
