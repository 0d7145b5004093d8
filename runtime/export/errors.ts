import type { ExportIssue } from "./types.js";

/**
 * Tools could not be exported as asked: strict mode was asked for and some parameters do not
 * qualify, or the target cannot carry a schema as it is. Lists every problem of every tool.
 */
export class ClientToolExportError extends Error {
  override readonly name = "ClientToolExportError";

  constructor(
    readonly target: string,
    readonly problems: readonly ExportIssue[],
  ) {
    super(
      `Cannot export client tools to ` +
        `${target}:\n${problems.map((p) => `  ${p.tool}: ${p.pointer || "/"}: ${p.message}`).join("\n")}`,
    );
  }
}
