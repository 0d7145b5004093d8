import type { ClientToolContext } from "@/client-tool-handlers";

type Colour = Parameters<ClientToolContext["ui"]["askColour"]>[1][number];

/** What the page shows for the handlers: the open colour question and the toasts. */
export interface PageUiState {
  readonly question:
    | { readonly text: string; readonly colours: readonly Colour[]; answer(colour: Colour): void }
    | undefined;
  readonly toasts: readonly string[];
}

/** The handlers' side of the page, outside React: React reads it with useSyncExternalStore. */
export function createPageUi(): {
  ui: ClientToolContext["ui"];
  subscribe(listener: () => void): () => void;
  state(): PageUiState;
} {
  let state: PageUiState = { question: undefined, toasts: [] };
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
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state: () => state,
  };
}
