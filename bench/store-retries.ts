import { type ClientCallBroker, ClientCallClosedError, ClientCallStoreUnavailableError } from "../runtime/server.js";

/** How many times work is sent in all while the store answers that it is unavailable, and how far apart. */
const TRIES = 20;
const RETRY_MS = 250;

/**
 * What a benchmark sends to a broker, sent again while the store answers that it is unavailable
 * (`ClientCallStoreUnavailableError`, a 503), as a client is told to: on a loaded machine a Redis
 * command may take longer than its timeout, and the benchmark should then measure the wait, not
 * stop. Work started without being awaited (an answer sent from a listener, a call left open)
 * fails the benchmark through `guard` and `check`, never as an unhandled rejection.
 */
export class StoreRetries {
  /** How many times work was sent again. */
  count = 0;
  #failure: { readonly error: unknown } | undefined;
  #fail: (error: unknown) => void = () => {};
  readonly #failed = new Promise<never>((_resolve, reject) => {
    this.#fail = reject;
  });

  constructor() {
    // Read by `guard`; a failure nobody guards against is still thrown by `check`.
    this.#failed.catch(() => {});
  }

  /** `work`, sent again while the store is unavailable; `retry` says whether it was sent before. */
  async run<T>(work: (retry: boolean) => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries++) {
      try {
        return await work(tries > 1);
      } catch (error) {
        if (!(error instanceof ClientCallStoreUnavailableError) || tries >= TRIES) throw error;
        this.count++;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  /** `work` run in the background, as `run` runs it: its failure is kept for `guard` and `check`. */
  start(work: (retry: boolean) => Promise<unknown>): void {
    this.run(work).catch((error: unknown) => {
      this.#failure ??= { error };
      this.#fail(error);
    });
  }

  /**
   * The broker's answer to `input`, sent in the background. An answer sent again after a 503 may
   * find its call closed: the first one was taken after all.
   */
  submit(broker: ClientCallBroker, input: Parameters<ClientCallBroker["submit"]>[0]): void {
    this.start(async (retry) => {
      try {
        await broker.submit(input);
      } catch (error) {
        if (!(retry && error instanceof ClientCallClosedError)) throw error;
      }
    });
  }

  /** `promise`, or the first failure of the background work, whichever comes first. */
  guard<T>(promise: Promise<T>): Promise<T> {
    return Promise.race([promise, this.#failed]);
  }

  /** Throws the first failure of the background work. */
  check(): void {
    if (this.#failure !== undefined) throw this.#failure.error;
  }
}
