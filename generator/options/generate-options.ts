/**
 * The options of a generation, as the API, the config file, the command line and the Vite plugin give them
 * (options/table.ts describes each once).
 */
export interface GenerateOptions {
  /** Spec folders or files; default `client-tools`. */
  readonly in?: readonly string[];
  /** Output folder for the generated module; default `src/client-tools.gen`. */
  readonly out?: string;
  /**
   * The user's handlers file (stubs are added for new tools), or false for none; default `src/client-tool-handlers.ts`.
   */
  readonly stubs?: string | false;
  /** Folder that relative paths are resolved against, and messages are relative to; default the process's. */
  readonly cwd?: string;
  /** Run prettier: "auto" (default) when the project has a prettier config. */
  readonly prettier?: boolean | "auto";
  /** Also emit standalone ajv validators into `<out>/validators/`; default false (it loads ajv's code generator). */
  readonly validators?: boolean;
  /**
   * How generated modules import each other: ".js", ".ts", "none", or "auto" (default) from the tsconfig nearest the
   * output folder.
   */
  readonly importExtension?: "auto" | ".js" | ".ts" | "none";
  /** Spec-quality warnings (a misspelt schema keyword, say) stop the run as problems do; default false. */
  readonly failOnWarnings?: boolean;
}
