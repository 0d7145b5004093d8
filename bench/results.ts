import type { Summary } from "./stats.js";
import type { CorpusKind } from "./workspace.js";

export type Unit = "ms" | "µs" | "MB/s" | "MB" | "KB" | "bytes" | "validations/s" | "calls/s" | "pairs/s" | "×";

/** A target from the table: the median must be at most (or at least) `value`. */
export interface Target {
  readonly op: "<=" | ">=";
  readonly value: number;
  readonly unit: Unit;
  /** What it applies to: the measurement itself, or its ratio against the baseline. */
  readonly of: "measured" | "ratio";
}

/** One line of the results table. */
export interface Row {
  /** Stable key, for comparing runs: `gen.e2e.n1000`. */
  readonly id: string;
  readonly what: string;
  readonly measured: Summary & { readonly unit: Unit };
  /** `baseline / this`, interleaved pairwise: how many times faster this is. */
  readonly ratio?: Summary & { readonly against: string };
  readonly targets: readonly Target[];
  /**
   * Wrong results found while measuring (type errors in generated code): each makes the row a miss, whatever its
   * timing.
   */
  readonly problems?: readonly string[];
  /** "miss" when any target is missed or there are problems; "info" when the row has no target at this size. */
  readonly status: "pass" | "miss" | "info";
  /** Memory, sizes and other figures measured with the row, by name (`peak RSS (MB)`). */
  readonly details: Readonly<Record<string, number | string>>;
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGB: number;
  readonly node: string;
  readonly platform: string;
}

export interface BenchResults {
  readonly date: string;
  readonly mode: "full" | "quick";
  readonly machine: Machine;
  /** The 1, 5 and 15 minute load averages at the start and the end: how busy the machine was. */
  readonly load: { readonly start: readonly number[]; readonly end: readonly number[] };
  /** The corpus: seed, and per tool count the spec bytes written. */
  readonly corpus: {
    readonly seed: number;
    readonly sizes: readonly {
      readonly tools: number;
      /** Absent in results written before there was a second kind. */
      readonly kind?: CorpusKind;
      readonly bytes: number;
      readonly parametersBytes: Summary;
    }[];
  };
  readonly rows: readonly Row[];
  /** Benchmarks that threw: the run fails when this is not empty. */
  readonly crashes: readonly { readonly benchmark: string; readonly error: string }[];
  readonly seconds: number;
}

/** Builds a row, deciding pass or miss from its targets (a row without targets is "info"). */
export function row(
  fields: Omit<Row, "status" | "details" | "targets"> & {
    readonly targets?: readonly Target[];
    readonly details?: Row["details"];
  },
): Row {
  const targets = fields.targets ?? [];
  const met = targets.every((target) => {
    const figure = target.of === "ratio" ? fields.ratio?.median : fields.measured.median;
    if (figure === undefined) return false;
    return target.op === "<=" ? figure <= target.value : figure >= target.value;
  });
  const status = (fields.problems?.length ?? 0) > 0 ? "miss" : targets.length === 0 ? "info" : met ? "pass" : "miss";
  return { ...fields, targets, details: fields.details ?? {}, status };
}
