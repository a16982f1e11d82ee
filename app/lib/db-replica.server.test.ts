import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replicaReads } from "../../server/replica-reads";
import { cached } from "./cache.server";
import { type DatabaseHandle, db, openDatabase, setDatabase } from "./db.server";
import {
  mayReadReplica,
  onPrimary,
  openReplica,
  RECENT_WRITE_COOKIE,
  RECENT_WRITE_SECONDS,
  readDb,
  replicaFailure,
  type ReplicaHandle,
  setReplica,
  withReplicaReads,
} from "./db-replica.server";

// Only which handle is handed out matters here: an empty embedded database is the primary.
let primary: DatabaseHandle;
beforeAll(async () => {
  primary = await openDatabase({});
  setDatabase(primary);
});
afterAll(async () => {
  setDatabase(undefined);
  await primary.close();
});

describe("which requests may read the replica", () => {
  it("lets anonymous GET and HEAD requests read it", () => {
    expect(mayReadReplica({ method: "GET" })).toBe(true);
    expect(mayReadReplica({ method: "HEAD", cookie: "colour-mode=dark" })).toBe(true);
  });
  it("keeps writes, signed-in visitors and recent writers on the primary", () => {
    expect(mayReadReplica({ method: "POST" })).toBe(false);
    expect(mayReadReplica({ method: "DELETE" })).toBe(false);
    expect(mayReadReplica({ method: "GET", cookie: "colour-mode=dark; voitura.session_token=abc" })).toBe(false);
    expect(mayReadReplica({ method: "GET", cookie: `${RECENT_WRITE_COOKIE}=1` })).toBe(false);
  });
  it("tells an unreachable replica and a replay conflict from a query's own error", () => {
    expect(replicaFailure(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe("down");
    expect(replicaFailure(Object.assign(new Error("shutting down"), { code: "57P01" }))).toBe("down");
    expect(replicaFailure(Object.assign(new Error("conflict with recovery"), { code: "40001" }))).toBe("conflict");
    expect(replicaFailure(Object.assign(new Error("syntax"), { code: "42601" }))).toBeUndefined();
    expect(replicaFailure(new Error("no code"))).toBeUndefined();
  });
});

describe("the handle a query gets", () => {
  // Nothing listens on port 1: the handle is never queried here, only handed out.
  let replica: ReplicaHandle;
  beforeAll(() => {
    replica = openReplica("postgres://postgres@127.0.0.1:1/voitura", { lagCheckEveryMs: 0 });
    setReplica(replica);
  });
  afterAll(async () => {
    setReplica(undefined);
    await replica.close();
  });

  it("is the primary outside a request and for requests that may not read the replica", () => {
    expect(readDb()).toBe(db());
    expect(withReplicaReads(false, () => readDb())).toBe(db());
  });
  it("is the replica for a request that may read it, across awaits", async () => {
    const seen = await withReplicaReads(true, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return readDb();
    });
    expect(seen).toBe(replica.db);
  });
  it("is the primary inside onPrimary and in loads of the shared cache", async () => {
    expect(withReplicaReads(true, () => onPrimary(() => readDb()))).toBe(db());
    const loaded = await withReplicaReads(true, () => cached(`replica-test:${Date.now()}`, { ttlMs: 1_000, tags: [] }, async () => readDb()));
    expect(loaded).toBe(db());
  });
  it("is the primary without a replica", () => {
    setReplica(undefined);
    try {
      expect(withReplicaReads(true, () => readDb())).toBe(db());
    } finally {
      setReplica(replica);
    }
  });
});

describe("the request middleware", () => {
  let replica: ReplicaHandle;
  let base = "";
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    replica = openReplica("postgres://postgres@127.0.0.1:1/voitura", { lagCheckEveryMs: 0 });
    setReplica(replica);
    const app = express();
    app.use(replicaReads({ secureCookie: false }));
    app.all("/which", async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      res.json({ handle: readDb() === replica.db ? "replica" : readDb() === db() ? "primary" : "other" });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    setReplica(undefined);
    await replica.close();
  });

  const which = async (init?: RequestInit) => {
    const response = await fetch(`${base}/which`, init);
    return { handle: ((await response.json()) as { handle: string }).handle, setCookie: response.headers.get("set-cookie") };
  };

  it("sends an anonymous GET to the replica and sets no cookie", async () => {
    expect(await which()).toEqual({ handle: "replica", setCookie: null });
  });
  it("marks a client that writes, whose next reads go to the primary", async () => {
    const posted = await which({ method: "POST" });
    expect(posted.handle).toBe("primary");
    expect(posted.setCookie).toContain(`${RECENT_WRITE_COOKIE}=1`);
    expect(posted.setCookie).toContain(`Max-Age=${RECENT_WRITE_SECONDS}`);
    expect(posted.setCookie).toContain("HttpOnly");
    const cookie = posted.setCookie!.split(";")[0]!;
    expect((await which({ headers: { cookie } })).handle).toBe("primary");
  });
  it("keeps a signed-in visitor on the primary", async () => {
    expect((await which({ headers: { cookie: "voitura.session_token=abc" } })).handle).toBe("primary");
  });
});
