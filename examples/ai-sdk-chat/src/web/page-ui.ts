import type { ClientToolContext } from "../client-tool-handlers.js";

type Colour = Parameters<ClientToolContext["ui"]["askColour"]>[1][number];

type Chart = Parameters<ClientToolContext["ui"]["keepChart"]>[0];

/** What the page shows for the handlers: the open colour question, the toasts, and the charts the handler kept. */
export interface PageUiState {
  readonly question:
    | { readonly text: string; readonly colours: readonly Colour[]; answer(colour: Colour): void }
    | undefined;
  readonly toasts: readonly string[];
  readonly charts: readonly Chart[];
}

/** The handlers' side of the page, outside React: React reads it with useSyncExternalStore. */
export function createPageUi(): {
  ui: ClientToolContext["ui"];
  subscribe(listener: () => void): () => void;
  state(): PageUiState;
} {
  let state: PageUiState = { question: undefined, toasts: [], charts: [] };
  const listeners = new Set<() => void>();
  const set = (next: PageUiState): void => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    ui: {
      askColour: (text, colours, signal) =>
        new Promise((resolve, reject) => {
          const done = (): void => set({ ...state, question: undefined });
          signal.addEventListener("abort", () => {
            done();
            reject(signal.reason);
          });
          set({ ...state, question: { text, colours, answer: (colour) => (done(), resolve(colour)) } });
        }),
      toast: (text) => set({ ...state, toasts: [...state.toasts, text] }),
      keepChart: (chart) => set({ ...state, charts: [...state.charts, chart] }),
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state: () => state,
  };
}
