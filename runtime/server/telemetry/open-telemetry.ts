import type * as OpenTelemetry from "@opentelemetry/api";

/** `@opentelemetry/api`'s module, as an optional peer gives it. */
export type OpenTelemetryApi = typeof OpenTelemetry;

let loaded: OpenTelemetryApi | null | undefined;

/**
 * `@opentelemetry/api` when the app has it installed, required once, synchronously, so that the
 * first call is traced like the others; `undefined` when it is not installed (then nothing is
 * loaded), and where there is no `node:module` (an edge runtime). No import names it, so a
 * bundler leaves it out of the bundle. Every copy of the API shares the providers an app
 * registers (they live on the global object), so this copy sees the app's.
 */
export function openTelemetry(): OpenTelemetryApi | undefined {
  if (loaded === undefined) {
    try {
      const { createRequire } = process.getBuiltinModule("node:module");
      loaded = createRequire(import.meta.url)("@opentelemetry/api") as OpenTelemetryApi;
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}
