// The page's client-tool handlers. gen-client-tools created this file once; since then it is
// ours: the generator only adds stubs here when a tool is added.
import type { ClientToolHandlers } from "./client-tools.gen/index.js";

/**
 * What every handler receives besides its arguments: the page, and for an awaited call the
 * call's AbortSignal, which the client runner adds.
 */
export interface ClientToolContext {
  readonly signal?: AbortSignal;
  readonly ui: CanvasUi;
}

/** The parts of the page the handlers act on. */
export interface CanvasUi {
  showFile(path: string): Promise<void>;
  currentPosition(signal?: AbortSignal): Promise<{ latitude: number; longitude: number }>;
  confirm(question: string, signal?: AbortSignal): Promise<boolean>;
  /** A password field; `undefined` when the user dismissed it. What is typed goes to the server alone. */
  askSecret(label: string, signal?: AbortSignal): Promise<string | undefined>;
  setLayout(
    mode: "single" | "split" | "grid",
    sidebar?: { side: "left" | "right"; width?: number },
    theme?: "light" | "dark",
  ): void;
}

export const clientToolHandlers: ClientToolHandlers<ClientToolContext> = {
  /** Ask the user to confirm an action before the agent takes it. */
  async confirm_action(args, ctx) {
    return { confirmed: await ctx.ui.confirm(args.question, ctx.signal) };
  },
  /** Connect the requested service with an access token the user enters: the runner sends it to the server alone. */
  async connect_account(args, ctx) {
    const token = await ctx.ui.askSecret(`Access token for ${args.service}`, ctx.signal);
    // Throwing reports the prompt dismissed; nothing of it reaches the model.
    if (token === undefined) throw new Error("dismissed");
    return { token };
  },
  /** Get the user's current city. Only the client can answer this. */
  async get_location(_args, ctx) {
    const { latitude, longitude } = await ctx.ui.currentPosition(ctx.signal);
    return { city: nearestCity(latitude, longitude) };
  },
  /** Open the file viewer panel showing a file of the workspace. */
  async open_file_viewer(args, ctx) {
    await ctx.ui.showFile(args.file_path);
  },
  /** Arrange the canvas: which panels are shown and how. */
  set_layout(args, ctx) {
    ctx.ui.setLayout(args.mode, args.sidebar, args.theme);
  },
};

const CITIES: readonly (readonly [string, number, number])[] = [
  ["Lyon", 45.764, 4.8357],
  ["Paris", 48.8566, 2.3522],
  ["Berlin", 52.52, 13.405],
  ["Lisbon", 38.7223, -9.1393],
  ["New York", 40.7128, -74.006],
  ["Tokyo", 35.6762, 139.6503],
];

/** The nearest known city: the example stays offline, so no reverse-geocoding service. */
function nearestCity(latitude: number, longitude: number): string {
  let best = CITIES[0]!;
  let bestDistance = Infinity;
  for (const city of CITIES) {
    const distance = (city[1] - latitude) ** 2 + (city[2] - longitude) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [city, distance];
  }
  return best[0];
}
