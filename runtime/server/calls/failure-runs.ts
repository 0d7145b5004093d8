/**
 * Reports the first failure of each run of failures of one kind, not every retry: while the
 * store is down, a sweep every half second and a retry a second for each waiting call would
 * otherwise report the same outage thousands of times.
 */
export class FailureRuns {
  readonly #report: (error: unknown) => void;
  #failing = false;

  constructor(report: (error: unknown) => void) {
    this.#report = report;
  }

  failed(error: unknown): void {
    if (this.#failing) return;
    this.#failing = true;
    this.#report(error);
  }

  /** The run is over: the next failure is reported again. */
  succeeded(): void {
    this.#failing = false;
  }
}
