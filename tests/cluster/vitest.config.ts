import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The cluster suite (tests/cluster): one file, its tests in order on one cluster, long timeouts.
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: false,
  },
});
