// The defaults of --in, --out, --stubs and --config, apart from generate.ts so that the CLI's commands
// and the Vite plugin can name them without loading the generator.
export const DEFAULT_IN = "client-tools";
export const DEFAULT_OUT = "src/client-tools.gen";
export const DEFAULT_STUBS = "src/client-tool-handlers.ts";
export const CONFIG_FILE = "gen-client-tools.config.json";
