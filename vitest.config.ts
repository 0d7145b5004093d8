import { defineConfig } from "vitest/config";

import { availableParallelism } from "node:os";

// Type tests (*.test-d.ts) are checked by `npm run typecheck` (tsc over the whole project).
export default defineConfig({
  test: {
    // Most suites wait on child processes, sockets and servers more than they compute: a worker
    // per core (vitest's default leaves one out, which on two cores runs everything in one).
    maxWorkers: availableParallelism(),
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "dist/**"],
    testTimeout: 60_000,
  },
});
