import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "db/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/db/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // A folder for the run's template databases (tests/setup/database.ts starts test databases from them).
    globalSetup: ["tests/setup/database-templates.ts"],
  },
});
