import type { Plan } from "./plan.js";
import type { Row } from "./results.js";
import type { Workspace } from "./workspace.js";

export interface BenchContext {
  readonly plan: Plan;
  readonly workspace: Workspace;
  /** Progress for the person waiting (stderr); results go in rows. */
  readonly log: (line: string) => void;
}

/** One group of rows, measured together; a throw is a crash, reported and failing the run. */
export interface Benchmark {
  readonly name: string;
  run(context: BenchContext): Row[] | Promise<Row[]>;
}
