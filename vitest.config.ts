import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "db/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/db/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time. Vitest's default is one fewer than the cores, one on this two-core
    // machine, and most of a file's time is importing the app and opening its database, on one core
    // while the other waited.
    maxWorkers: 2,
    // A folder for the run's template databases (tests/setup/database.ts starts test databases from them).
    globalSetup: ["tests/setup/database-templates.ts"],
  },
});
