import type { ToolChange } from "./spec-diff.js";

/**
 * What `diff --json` prints: both sides, each tool's change, and how many tools break a rolling deploy (the allowed
 * ones aside).
 */
export interface DiffReport {
  readonly old: string;
  readonly new: string;
  readonly tools: readonly ToolChange[];
  readonly breaking: readonly string[];
  readonly allowed: readonly string[];
}

export function diffReport(
  old: string,
  next: string,
  tools: readonly ToolChange[],
  allow: readonly string[],
): DiffReport {
  const breakingTools = tools
    .filter((tool) => tool.change !== "added" && tool.breaking.length > 0)
    .map((tool) => tool.tool);
  return {
    old,
    new: next,
    tools,
    breaking: breakingTools.filter((tool) => !allow.includes(tool)),
    allowed: breakingTools.filter((tool) => allow.includes(tool)),
  };
}

const CHANGE_TEXT: Readonly<Record<ToolChange["change"], string>> = {
  added: "added",
  removed: "removed",
  changed: "changed",
  compatible: "changed, compatible both ways",
  unchanged: "unchanged",
};

/**
 * The report as a reviewer reads it in a pull request: a line per tool that changed, and under it what breaks; the
 * unchanged tools in one line, or each in its own with `verbose`.
 */
export function formatDiffReport(report: DiffReport, verbose = false): string {
  const lines = [`gen-client-tools diff ${report.old} -> ${report.new}`];
  const listed = verbose ? report.tools : report.tools.filter((tool) => tool.change !== "unchanged");
  const width = Math.max(0, ...listed.map((tool) => tool.tool.length));
  for (const tool of listed) {
    const breaking = tool.change === "added" ? [] : tool.breaking;
    const verdict =
      breaking.length === 0 ? "" : report.allowed.includes(tool.tool) ? ", breaking (allowed)" : ", breaking";
    lines.push(`  ${tool.tool.padEnd(width)}  ${CHANGE_TEXT[tool.change]}${verdict}`);
    for (const reason of breaking) lines.push(`    - ${shorten(reason)}`);
  }
  const count = (change: ToolChange["change"]) => report.tools.filter((tool) => tool.change === change).length;
  const unchanged = count("unchanged");
  if (!verbose && unchanged > 0)
    lines.push(`  ${unchanged} unchanged ${unchanged === 1 ? "tool" : "tools"} (--verbose lists them)`);
  const summary = [
    `${count("added")} added`,
    `${count("removed")} removed`,
    `${count("changed") + count("compatible")} changed (${count("compatible")} compatible both ways)`,
    `${unchanged} unchanged`,
  ];
  lines.push(
    `${report.tools.length} ${report.tools.length === 1 ? "tool" : "tools"}: ${summary.join(", ")}; ` +
      `${report.breaking.length} breaking a rolling deploy${report.allowed.length > 0 ? `, ${report.allowed.length} allowed` : ""}`,
  );
  return `${lines.join("\n")}\n`;
}

/** A witness can be a large value: a reviewer needs its start. */
function shorten(text: string): string {
  return text.length > 400 ? `${text.slice(0, 399)}…` : text;
}
