// A real streaming replica: two throw-away PostgreSQL 15 clusters (a primary and a hot standby
// copied from it with pg_basebackup), read through the app's replica routing. Needs root and the
// Debian cluster tools (pg_createcluster); skipped, saying why, without them.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import express from "express";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparedCars } from "~/features/comparison/comparison.server";
import { type DatabaseHandle, db, migrateDatabase, openDatabase, resultRows, setDatabase } from "~/lib/db.server";
import { openReplica, type ReplicaHandle, setReplica, withReplicaReads } from "~/lib/db-replica.server";
import { versions } from "../../db/schema";
import { seedDatabase } from "../../db/seed";
import { replicaReads } from "../../server/replica-reads";

const VERSION = "15";
const hasClusterTools = (() => {
  try {
    execFileSync("which", ["pg_createcluster", "pg_basebackup", "pg_ctlcluster"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const isRoot = process.getuid?.() === 0;
const skipReason = !hasClusterTools ? "no pg_createcluster" : !isRoot ? "not root (pg_createcluster needs it)" : undefined;
if (skipReason) console.warn(`Streaming read replica: skipped, ${skipReason}.`);

const suffix = `${process.pid}_${Date.now().toString(36)}`;
const primaryCluster = `voitura_rr_primary_${suffix}`;
const standbyCluster = `voitura_rr_standby_${suffix}`;
const created: string[] = [];

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Local connections as postgres by peer, TCP from this machine trusted, replication included.
const HBA = ["local all postgres peer", "local all all peer", "host all all 127.0.0.1/32 trust", "host replication all 127.0.0.1/32 trust", ""].join("\n");

async function createCluster(name: string): Promise<{ port: number; dataDir: string }> {
  const port = await freePort();
  run("pg_createcluster", [VERSION, name, "-p", String(port), "--", "--auth-local=peer", "--auth-host=trust"]);
  created.push(name);
  fs.writeFileSync(`/etc/postgresql/${VERSION}/${name}/pg_hba.conf`, HBA);
  return { port, dataDir: `/var/lib/postgresql/${VERSION}/${name}` };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(skipReason !== undefined)("a streaming read replica", () => {
  let primary: DatabaseHandle;
  let replica: ReplicaHandle;
  let standbyAdmin: postgres.Sql;
  let primaryAdmin: postgres.Sql;
  let versionId = 0;
  let originalName = "";
  let base = "";
  let closeServer: () => Promise<void> = async () => {};

  const caughtUp = async () => {
    const [{ lsn }] = await primaryAdmin`select pg_current_wal_lsn()::text as lsn`;
    const [{ behind }] = await standbyAdmin`select pg_wal_lsn_diff(${lsn}::pg_lsn, pg_last_wal_replay_lsn()) > 0 as behind`;
    return !behind;
  };

  beforeAll(async () => {
    const main = await createCluster(primaryCluster);
    run("pg_ctlcluster", [VERSION, primaryCluster, "start"]);
    primaryAdmin = postgres(`postgres://postgres@127.0.0.1:${main.port}/postgres`, { max: 1, onnotice: () => {} });
    await primaryAdmin`create database voitura`;

    const standby = await createCluster(standbyCluster);
    // The standby's data is a copy of the primary's, with -R writing how to follow it.
    for (const entry of fs.readdirSync(standby.dataDir)) fs.rmSync(`${standby.dataDir}/${entry}`, { recursive: true, force: true });
    run("runuser", ["-u", "postgres", "--", "pg_basebackup", "-h", "127.0.0.1", "-p", String(main.port), "-U", "postgres", "-D", standby.dataDir, "-R", "-X", "stream", "-c", "fast"]);
    run("pg_ctlcluster", [VERSION, standbyCluster, "start"]);
    standbyAdmin = postgres(`postgres://postgres@127.0.0.1:${standby.port}/postgres`, { max: 1, onnotice: () => {} });

    primary = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${main.port}/voitura` });
    await migrateDatabase(primary);
    await seedDatabase(primary.db);
    setDatabase(primary);
    replica = openReplica(`postgres://postgres@127.0.0.1:${standby.port}/voitura`, { retryAfterMs: 200, maxLagMs: 500, lagCheckEveryMs: 0 });
    setReplica(replica);
    const [first] = await db().select({ id: versions.id, name: versions.name }).from(versions).orderBy(versions.id).limit(1);
    versionId = first!.id;
    originalName = first!.name;
    await until("the standby has replayed the seed", caughtUp);

    // A page and a form, as the server mounts them: the middleware picks the reads' handle.
    const app = express();
    app.use(replicaReads({ secureCookie: false }));
    app.get("/version", async (_req, res) => {
      const [car] = await comparedCars([versionId]);
      res.json({ name: car?.name });
    });
    app.post("/version", express.urlencoded({ extended: false }), async (req, res) => {
      await db().update(versions).set({ name: String(req.body.name) }).where(eq(versions.id, versionId));
      res.redirect(303, "/version");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closeServer = () => new Promise((resolve) => server.close(() => resolve()));
  });

  afterAll(async () => {
    await closeServer();
    setReplica(undefined);
    setDatabase(undefined);
    await replica?.close();
    await primary?.close();
    await standbyAdmin?.end({ timeout: 1 });
    await primaryAdmin?.end({ timeout: 1 });
    for (const name of created.reverse()) {
      try {
        run("pg_dropcluster", ["--stop", VERSION, name]);
      } catch (err) {
        console.error(`could not drop the test cluster ${name}: ${String(err)}`);
      }
    }
  });

  const read = async (cookie?: string) => {
    const response = await fetch(`${base}/version`, { headers: cookie ? { cookie } : {} });
    return ((await response.json()) as { name?: string }).name;
  };

  it("shows anonymous readers the replica's data and the writer the primary's, until replay catches up", async () => {
    expect(await read()).toBe(originalName);
    await standbyAdmin`select pg_wal_replay_pause()`;
    await until("replay is paused", async () => (await standbyAdmin`select pg_get_wal_replay_pause_state() as state`)[0]!.state === "paused");

    const posted = await fetch(`${base}/version`, {
      method: "POST",
      body: new URLSearchParams({ name: "Written on the primary" }),
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    const cookie = posted.headers.get("set-cookie")!.split(";")[0]!;

    // The writer's next page reads the primary: the write is there.
    expect(await read(cookie)).toBe("Written on the primary");
    // Everyone else reads the paused replica, whose data is older than the write.
    expect(await read()).toBe(originalName);
    expect(await read("colour-mode=dark")).toBe(originalName);
    // The same query outside a request reads the primary.
    expect((await comparedCars([versionId]))[0]?.name).toBe("Written on the primary");

    await standbyAdmin`select pg_wal_replay_resume()`;
    await until("the replica shows the write", async () => (await read()) === "Written on the primary");
    expect(await caughtUp()).toBe(true);
  });

  it("reads the primary while the replica lags too far, and the replica again once it catches up", async () => {
    expect(await replica.checkLag()).toBe(0);
    await standbyAdmin`select pg_wal_replay_pause()`;
    await db().update(versions).set({ name: "Written while replay is held up" }).where(eq(versions.id, versionId));
    expect(await replica.checkLag()).toBeLessThan(500);
    expect(await read()).toBe("Written on the primary"); // a fresh lag: the replica is still read
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await replica.checkLag()).toBeGreaterThan(500);
    expect(replica.isUp()).toBe(false);
    expect(await read()).toBe("Written while replay is held up");

    await standbyAdmin`select pg_wal_replay_resume()`;
    await until("the replica has caught up", async () => (await replica.checkLag()) === 0);
    expect(replica.isUp()).toBe(true);
    await standbyAdmin`select pg_wal_replay_pause()`;
    await db().update(versions).set({ name: "Written on the primary" }).where(eq(versions.id, versionId));
    expect(await read()).toBe("Written while replay is held up"); // read on the replica again
    await standbyAdmin`select pg_wal_replay_resume()`;
    await until("the replica shows the last write", async () => (await read()) === "Written on the primary");
  });

  it("refuses writes on the replica, so nothing that writes may be sent there", async () => {
    // 25006: read_only_sql_transaction ("cannot execute UPDATE in a read-only transaction").
    await expect(withReplicaReads(true, () => replica.db.execute(sql`update versions set name = name where id = ${versionId}`))).rejects.toMatchObject({
      cause: { code: "25006" },
    });
  });

  it("reads the primary while the replica is down, and the replica again once it answers", async () => {
    await db().update(versions).set({ name: "Second write" }).where(eq(versions.id, versionId));
    await until("the replica shows the second write", async () => (await read()) === "Second write");
    run("pg_ctlcluster", [VERSION, standbyCluster, "stop", "-m", "fast"]);
    await db().update(versions).set({ name: "Written while the replica is down" }).where(eq(versions.id, versionId));

    // The page does not fail: its query runs again on the primary, and later ones go there directly.
    expect(await read()).toBe("Written while the replica is down");
    expect(replica.isUp()).toBe(false);
    expect(await read()).toBe("Written while the replica is down");

    run("pg_ctlcluster", [VERSION, standbyCluster, "start"]);
    await until("the replica answers again", async () => replica.isUp());
    const onReplica = await withReplicaReads(true, async () =>
      resultRows<{ standby: boolean }>(await replica.db.execute(sql`select pg_is_in_recovery() as standby`)),
    );
    expect(onReplica[0]?.standby).toBe(true);
    await until("the replica shows the write made while it was down", async () => (await read()) === "Written while the replica is down");
  });
});
