import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/setup/chromium.mjs";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from "./tests/setup/e2e-paths";

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: "tests/e2e",
  // After every journey: no page's loader data was refused by the render threads.
  globalTeardown: "./tests/setup/e2e-teardown.ts",
  outputDir: "test-results",
  // Two cores: one worker per core; the server shares them.
  workers: 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  reporter: "list",
  // Full-page axe scans of catalogue pages take several seconds on two shared cores.
  timeout: 60_000,
  // CI's clean clone runs on two shared cores beside the server: a client fetch or a hydration can
  // take longer than 5 s there without anything being wrong.
  expect: { timeout: CI ? 10_000 : 5_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace costs the browser about a fifth more CPU on every test (measured on the
    // catalogue pages' spec); CI retries a failed test once, and that retry records one.
    trace: CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        headless: true,
        // Debian's chromium, never a downloaded browser.
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_FLAGS,
        },
      },
    },
  ],
  webServer: {
    // Builds, wipes .e2e-data/ and starts the production server on the embedded database.
    command: "node tests/setup/e2e-server.mjs",
    url: `${E2E_BASE_URL}/healthz`,
    env: { E2E_PORT: String(E2E_PORT), E2E_DATA_DIR },
    // Build plus first migration and seeding.
    timeout: 180_000,
    // In CI a fresh server, except the S3 run's, which `npm test` starts beside the first run
    // (E2E_SERVER_STARTED=1) so its seeding overlaps the first server's.
    reuseExistingServer: !CI || process.env.E2E_SERVER_STARTED === "1",
    stdout: "ignore",
    stderr: "pipe",
    // SIGTERM lets the server close its database cleanly (the default is SIGKILL).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
