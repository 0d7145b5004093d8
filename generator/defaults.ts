import { GENERATE_OPTIONS, RUN_OPTIONS } from "./options/table.js";

// The defaults of --in, --out, --stubs and --config, by name, from the options table.
export const DEFAULT_IN = GENERATE_OPTIONS.in.default[0];
export const DEFAULT_OUT = GENERATE_OPTIONS.out.default;
export const DEFAULT_STUBS = GENERATE_OPTIONS.stubs.default;
export const CONFIG_FILE = RUN_OPTIONS.config.default;
