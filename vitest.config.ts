import { defineConfig } from "vitest/config";

// Type tests (*.test-d.ts) are checked by `npm run typecheck` (tsc over the whole project).
export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "dist/**"],
    testTimeout: 60_000,
  },
});
