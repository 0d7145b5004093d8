import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repositoryModules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../node_modules");

/** The compilers users run generated code with: TypeScript 7 (the native port) and the last 5.x. */
export const COMPILERS = { "TypeScript 7": "typescript/bin/tsc", "TypeScript 5.9": "typescript5/bin/tsc" } as const;

/** `tsc -p <project>` with each compiler: what each printed (empty when the project compiles). */
export function compileWithEach(project: string): Record<keyof typeof COMPILERS, string> {
  const printed = (bin: string): string => {
    const tsc = spawnSync(process.execPath, [path.join(repositoryModules, bin), "-p", project], { encoding: "utf8" });
    return tsc.stdout + tsc.stderr;
  };
  return { "TypeScript 7": printed(COMPILERS["TypeScript 7"]), "TypeScript 5.9": printed(COMPILERS["TypeScript 5.9"]) };
}

/** A project's tsconfig.json under `strict` for generated code in src/, with these options beside. */
export function strictTsconfig(options: Readonly<Record<string, boolean>>) {
  return {
    compilerOptions: {
      strict: true,
      ...options,
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2022",
      lib: ["ES2022", "DOM"],
      types: [],
      noEmit: true,
    },
    include: ["src"],
  };
}
