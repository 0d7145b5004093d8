/** One thing `gen-client-tools doctor` found: what is wrong, where, and what to do about it. */
export interface DoctorFinding {
  /** The check that found it (`dependencies`, `import style`, ...). */
  readonly check: string;
  /** A problem fails the run (exit 1); a warning does not. */
  readonly severity: "problem" | "warning";
  /** What is wrong, naming the file or package. */
  readonly message: string;
  /** What to do about it. */
  readonly fix: string;
}

export function problem(check: string, message: string, fix: string): DoctorFinding {
  return { check, severity: "problem", message, fix };
}

export function warning(check: string, message: string, fix: string): DoctorFinding {
  return { check, severity: "warning", message, fix };
}
