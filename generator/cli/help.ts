import { CONFIG_FILE } from "../defaults.js";

/** The help of each command, written out (no layout engine to load: `--help` should be instant). */
export function helpText(topic: "generate" | "init"): string {
  if (topic === "init") {
    return `Usage: gen-client-tools init

Create client-tools/ with an example tool, and ${CONFIG_FILE}.
Refuses to overwrite either when it exists.
`;
  }
  return `Usage: gen-client-tools [options]
       gen-client-tools init

Generate typed TypeScript bindings from a folder of client-tool specs (JSON Schema).

Commands:
  (none)              generate, as the options below say
  init                create client-tools/ with an example tool, and
                      ${CONFIG_FILE}

Options:
  --in PATH...        spec folders or files (default: client-tools)
  --out DIR           output folder (default: src/client-tools.gen)
  --stubs FILE        your handlers file: created once, then new tools get stubs
                      (default: src/client-tool-handlers.ts)
  --no-stubs          do not create or update the handlers file
  --validators        also write standalone ajv validators to <out>/validators/
                      (they import ajv and ajv-formats at run time)
  --check             write nothing; exit 1 if any generated file would change
                      (for CI)
  -w, --watch         generate, then again whenever a spec file changes
                      (Ctrl-C to stop)
  --config FILE       config file (default: ${CONFIG_FILE} when present)
  -q, --quiet         print errors only
  -h, --help          show this help
  --version           show the version

Examples:
  gen-client-tools                  generate from client-tools/ into
                                    src/client-tools.gen/
  gen-client-tools --watch          the same, and again on every save
  gen-client-tools --in specs --out src/gen --check
                                    fail CI when the generated files are stale
  gen-client-tools --validators     also generate precompiled validators for the
                                    client tool runner and the broker
  gen-client-tools init             start a project: an example tool and a
                                    config file

Exit codes: 0 done, 1 problems in the specs or a failed --check, 2 usage error.
`;
}
