import { defineConfig } from "vitest/config";

// Type tests (*.test-d.ts) are checked by `npm run typecheck` (tsc over the whole project).
export default defineConfig({
  test: {
    include: ["generator/**/*.test.ts", "runtime/**/*.test.ts", "templates/**/*.test.ts", "examples/**/*.test.ts", "bench/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
