import path from "node:path";

/** `file` relative to `folder`, with forward slashes on every platform: how paths are shown and recorded. */
export function relativePath(folder: string, file: string): string {
  return path.relative(folder, file).split(path.sep).join("/");
}

/** Whether `file` lies under `folder` (never `folder` itself); both absolute. */
export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** relativePath from one folder for many files, each folder among theirs resolved once. */
export function relativePathsFrom(folder: string): (file: string) => string {
  const folders = new Map<string, string>();
  return (file) => {
    const dir = path.dirname(file);
    let prefix = folders.get(dir);
    if (prefix === undefined) folders.set(dir, (prefix = relativePath(folder, dir)));
    const name = path.basename(file);
    return prefix === "" ? name : `${prefix}/${name}`;
  };
}
