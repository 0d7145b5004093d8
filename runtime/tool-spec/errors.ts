import type { SpecProblem } from "../util/json.js";

/** Thrown when input is not a valid client-tool spec; lists every problem found, not just the first. */
export class ClientToolSpecError extends Error {
  override readonly name = "ClientToolSpecError";
  readonly problems: readonly SpecProblem[];

  constructor(problems: readonly SpecProblem[]) {
    super(formatProblems(problems));
    this.problems = problems;
  }
}

function formatProblems(problems: readonly SpecProblem[]): string {
  const lines = problems.map((p) => `${p.pointer || "/"}: ${p.message}`);
  return problems.length === 1
    ? `Invalid client tool spec: ${lines[0]}`
    : `Invalid client tool specs:\n${lines.join("\n")}`;
}
