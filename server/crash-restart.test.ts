import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../db/schema";
import { openDatabase } from "~/lib/db.server";
import { type AppInstance, ensureProductionBuild, postForm, startAppInstance } from "../tests/setup/app-instance";

// The production server on the embedded database, killed (SIGKILL) while visitors sign up for the
// newsletter, then started again at once on the same data folder, as Docker or systemd would: it
// answers within seconds, and every sign-up it acknowledged is in the database; a second server
// on the folder while it runs is still refused.

const CLIENTS = 4;
// No captcha, and room for every sign-up from this one address.
const VARIABLES = { JOBS: "off", RATE_LIMIT_FORMS: "10000" };

describe("the server killed during writes and started again at once", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-crash-"));
  let app: AppInstance | undefined;
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers /healthz within seconds of the restart and keeps every acknowledged sign-up", async () => {
    ensureProductionBuild();
    app = await startAppInstance("crash", VARIABLES, { dataDir });
    const running = app;

    // Each client signs up one address after another until the server dies under it.
    const acknowledged: string[] = [];
    let dead = false;
    const client = async (n: number) => {
      for (let i = 0; !dead; i++) {
        const email = `reader-${n}-${i}@example.com`;
        const answer = await postForm(running, "/newsletter", { email }).catch(() => undefined);
        if (!answer) return;
        if (answer.status === 200 && (await answer.json().catch(() => ({}))).ok === true) acknowledged.push(email);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    await running.kill();
    dead = true;
    await Promise.all(clients);

    // Started again at once: the folder's lock went with the killed process.
    const restarted = performance.now();
    app = await startAppInstance("crash-restarted", VARIABLES, { dataDir });
    expect(performance.now() - restarted).toBeLessThan(60_000);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect(app.output()).not.toContain("already in use");
    // A second live server on the folder is still refused, and the first runs on.
    await expect(startAppInstance("crash-second", VARIABLES, { dataDir })).rejects.toThrow(/is already in use by another Voitura process/);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    await app.stop();
    app = undefined;

    const handle = await openDatabase({ dataDir });
    try {
      const rows = await handle.db
        .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status, token: newsletterSubscribers.unsubscribeTokenHash })
        .from(newsletterSubscribers)
        .where(inArray(newsletterSubscribers.email, acknowledged));
      expect(rows.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
      // Whole rows, as the action wrote them.
      for (const row of rows) expect(row).toMatchObject({ status: "pending", token: expect.any(String) });
    } finally {
      await handle.close();
    }
  }, 240_000);
});
