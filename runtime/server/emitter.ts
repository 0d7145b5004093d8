/** Listener sets for a fixed map of event names to payloads; `on` returns the unsubscribe function. */
export class Emitter<Events extends object> {
  readonly #listeners: { [K in keyof Events]?: Set<(payload: Events[K]) => void> } = {};
  readonly #onListenerError: (error: unknown, event: keyof Events) => void;

  constructor(onListenerError: (error: unknown, event: keyof Events) => void) {
    this.#onListenerError = onListenerError;
  }

  on<K extends keyof Events>(event: K, listener: (payload: Events[K]) => void): () => void {
    const listeners = (this.#listeners[event] ??= new Set());
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  /**
   * Every listener runs even when one throws: one broken transport must not keep a request
   * from the others, nor leave a call half-created.
   */
  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const listeners = this.#listeners[event];
    if (listeners === undefined) return;
    for (const listener of listeners) {
      try {
        listener(payload);
      } catch (error) {
        this.#onListenerError(error, event);
      }
    }
  }
}
