import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * A full garbage collection, for heap measurements: `global.gc` when Node runs with
 * --expose-gc, otherwise the flag set at run time (a new context then sees `gc`).
 */
export function collectGarbage(): void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed !== undefined) {
    exposed();
    return;
  }
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}
