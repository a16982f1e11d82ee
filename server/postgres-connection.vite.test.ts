import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import installedPostgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAnswers } from "../tests/setup/app-instance";
import { startTcpProxy, type TcpProxy } from "../tests/setup/tcp-proxy";
import { PATCHES, POSTGRES_CONNECTION, postgresConnectionFixes } from "./postgres-connection.vite";
import { applyTextPatches, type TextPatch } from "./text-patches";

// postgres.js as the server build bundles it (server/postgres-connection.vite.ts): every patch
// still finds its text in the installed code, and the patched client settles every query when
// the database's connections are reset under it. The client is a copy of the installed package's
// ES modules with the build's patches applied. The connection tests need a PostgreSQL server
// (TEST_DATABASE_URL, else postgres@127.0.0.1:5432) and are skipped without one.

type Postgres = typeof installedPostgres;

const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const hasPostgres = await postgresAnswers(POSTGRES_URL);

const fail = (message: string): never => {
  throw new Error(message);
};

/** The installed postgres.js's ES modules, copied with the build's patches applied. */
async function patchedPostgres(folder: string): Promise<Postgres> {
  const source = path.dirname(POSTGRES_CONNECTION);
  fs.cpSync(source, folder, { recursive: true });
  // The copy is outside the package, which marks its folder as ES modules.
  fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify({ type: "module" }));
  const applied = new Set<TextPatch>();
  const connection = path.join(folder, "connection.js");
  fs.writeFileSync(connection, applyTextPatches(fs.readFileSync(connection, "utf8"), PATCHES, applied, fail));
  expect(applied.size).toBe(PATCHES.length);
  return (await import(pathToFileURL(path.join(folder, "index.js")).href)).default as Postgres;
}

describe("the build's plugin", () => {
  it("patches postgres.js's connection module, and only it", () => {
    const plugin = postgresConnectionFixes();
    const context = { error: fail };
    const transform = plugin.transform as (this: typeof context, code: string, id: string) => { code: string } | null;
    const code = fs.readFileSync(POSTGRES_CONNECTION, "utf8");
    const patched = transform.call(context, code, POSTGRES_CONNECTION);
    expect(patched?.code).toContain("nextWriteTimer = chunk = null");
    expect(patched?.code).not.toContain("!hadError && (query || sent.length)");
    expect(transform.call(context, code, path.join(path.dirname(POSTGRES_CONNECTION), "query.js"))).toBeNull();
    (plugin.buildEnd as (this: typeof context) => void).call(context);
  });

  it("stops the build when postgres.js's code no longer holds a patched text", () => {
    const plugin = postgresConnectionFixes();
    const context = { error: fail };
    expect(() => (plugin.buildEnd as (this: typeof context) => void).call(context)).toThrow(/no longer match postgres.js/);
  });
});

/**
 * Cuts the relay under a pool of warm connections while a query is started on each of the next 4
 * turns of the event loop, and says how many of them failed within 3 s (the relay is cut: none
 * may succeed). Then the relay is restored and every connection used again: a query lost in the
 * cut must not come back then with the answer of another (postgres.js gave it the empty answer
 * of the new connection's start).
 */
async function queriesAfterACut(postgres: Postgres, proxy: TcpProxy) {
  const target = new URL(POSTGRES_URL);
  target.hostname = "127.0.0.1";
  target.port = String(proxy.port);
  const sql = postgres(target.toString(), { max: 4, connect_timeout: 2, onnotice: () => {}, backoff: () => 0.05 });
  await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.05)`));
  const queries: Promise<unknown>[] = [];
  let failedDuringCut = 0;
  let answered = 0;
  let cut = true;
  await new Promise<void>((resolve) => {
    const next = () => {
      queries.push(sql`select 1 as one`.then(() => answered++, () => cut && failedDuringCut++));
      if (queries.length < 4) setImmediate(next);
      else resolve();
    };
    setImmediate(next);
    void proxy.cut();
  });
  await Promise.race([Promise.all(queries), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  cut = false;
  await proxy.restore();
  await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.05)`));
  await sql.end({ timeout: 1 }).catch(() => {});
  return { started: queries.length, failedDuringCut, answered };
}

describe.skipIf(!hasPostgres)("connections reset under a busy pool", () => {
  let proxy: TcpProxy;
  let folder: string;
  let postgres: Postgres;
  beforeAll(async () => {
    const target = new URL(POSTGRES_URL);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "postgres-patched-"));
    postgres = await patchedPostgres(folder);
  });
  afterAll(async () => {
    await proxy.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("fails every query given to a connection between its socket's error and its close", async () => {
    // Unpatched, about one query in four of each round is lost: it never settles during the cut,
    // and is resolved with no rows when its connection starts again.
    for (let round = 0; round < 5; round++) {
      const { started, failedDuringCut, answered } = await queriesAfterACut(postgres, proxy);
      expect(started).toBe(4);
      expect(failedDuringCut).toBe(4);
      expect(answered).toBe(0);
    }
  });

  it("connects, answers and recovers after a cut", async () => {
    const target = new URL(POSTGRES_URL);
    target.hostname = "127.0.0.1";
    target.port = String(proxy.port);
    const sql = postgres(target.toString(), { max: 2, onnotice: () => {}, backoff: () => 0.05 });
    try {
      expect(await sql`select 41 + 1 as answer`).toEqual([{ answer: 42 }]);
      await proxy.cut();
      await expect(sql`select 1`).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|ECONNREFUSED|CONNECTION_CLOSED/) });
      await proxy.restore();
      expect(await sql`select 2 as two`).toEqual([{ two: 2 }]);
      expect(await Promise.all([1, 2, 3].map((n) => sql`select ${n}::int as n`))).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
