import { availableParallelism } from "node:os";
import { defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// Type tests (*.test-d.ts) are checked by `npm run typecheck` (tsc over the whole project).
// `@gen-client-tools/source` resolves the runtime package's entries to their TypeScript sources
// (its package.json says where), so that tests need no build of it.
export default defineConfig({
  resolve: { conditions: ["@gen-client-tools/source", ...defaultServerConditions] },
  ssr: { resolve: { conditions: ["@gen-client-tools/source", ...defaultServerConditions] } },
  test: {
    // Most suites wait on child processes, sockets and servers more than they compute: a worker
    // per core (vitest's default leaves one out, which on two cores runs everything in one).
    maxWorkers: availableParallelism(),
    include: ["**/*.test.ts"],
    globalSetup: ["test-support/global-setup.ts"],
    exclude: ["**/node_modules/**", "dist/**", "**/dist/**"],
    testTimeout: 60_000,
    // Some suites build the package or start servers before their tests: minutes, not seconds, on two busy cores.
    hookTimeout: 120_000,
  },
});
