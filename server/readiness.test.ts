import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../tests/setup/database";
import { listenOnFreePort } from "../tests/setup/listen";
import { startS3Server } from "../tests/setup/s3-server.mjs";
import { readinessEndpoint } from "./observability";
import { bucketCheck, type Check, cachedReadiness, databaseCheck, folderCheck, redisCheck, runChecks } from "./readiness";

/** A port nothing listens on (opened, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("running the readiness checks", () => {
  it("is ready only when every check says ok, and names each answer", async () => {
    expect(await runChecks({ database: async () => "ok", storage: async () => "ok" })).toEqual({ ready: true, checks: { database: "ok", storage: "ok" } });
    const broken = await runChecks({
      database: async () => "ok",
      redis: async () => {
        throw new Error("connection refused");
      },
      storage: async () => "full",
    });
    expect(broken).toEqual({ ready: false, checks: { database: "ok", redis: "unavailable", storage: "full" } });
  });

  it("answers 'timeout' for a check that does not answer in time, without waiting for it", async () => {
    const hanging = () => new Promise<"ok">(() => {});
    expect(await runChecks({ database: hanging, storage: async () => "ok" }, 50)).toEqual({ ready: false, checks: { database: "timeout", storage: "ok" } });
  });
});

describe("the database check", () => {
  useTestDatabase();
  it("says ok when the database answers", async () => {
    expect(await databaseCheck()).toBe("ok");
  });
});

describe("the storage checks", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-readiness-"));
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server({ directory: path.join(folder, "s3"), bucket: "voitura-ready" });
    // The check loads the AWS SDK on its first use; on two busy cores that import alone outlasts
    // the check's one second, and the first check answered "timeout". The second is for the bucket.
    await import("@aws-sdk/client-s3");
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("says ok for a writable uploads folder and unavailable for a missing one", async () => {
    expect(await folderCheck(folder)()).toBe("ok");
    await expect(folderCheck(path.join(folder, "missing"))()).rejects.toThrow(/ENOENT/);
    expect((await runChecks({ storage: folderCheck(path.join(folder, "missing")) })).checks.storage).toBe("unavailable");
  });

  it("asks the bucket with HeadBucket: ok when it exists, not ok when it is missing or the store is down", async () => {
    const settings = { endpoint: s3.endpoint, bucket: "voitura-ready", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1" };
    expect(await runChecks({ storage: bucketCheck(settings) })).toEqual({ ready: true, checks: { storage: "ok" } });
    expect((await runChecks({ storage: bucketCheck({ ...settings, bucket: "no-such-bucket" }) })).checks.storage).toBe("unavailable");
    const down = await runChecks({ storage: bucketCheck({ ...settings, endpoint: `http://127.0.0.1:${await closedPort()}` }) });
    expect(down.ready).toBe(false);
  });
});

describe("the Redis check", () => {
  const clients: Redis[] = [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });
  const connect = (port: number) => {
    const client = new Redis({ host: "127.0.0.1", port, lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 200 });
    client.on("error", () => {});
    clients.push(client);
    return client;
  };

  it("says ok when Redis answers PING", async () => {
    const client = connect(6379);
    expect(await runChecks({ redis: redisCheck(() => client) })).toEqual({ ready: true, checks: { redis: "ok" } });
  });

  it("is not ok when Redis is not there", async () => {
    const client = connect(await closedPort());
    const result = await runChecks({ redis: redisCheck(() => client) }, 500);
    expect(result.ready).toBe(false);
    expect(["unavailable", "timeout"]).toContain(result.checks.redis);
  });
});

describe("GET /readyz", () => {
  const TOKEN = "scraper-token-0123456789abcdef";
  let calls = 0;
  let answer: "ok" | "full" = "full";
  const storage: Check = async () => {
    calls++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return answer;
  };
  let site: Awaited<ReturnType<typeof listenOnFreePort>>;
  let closed: Awaited<ReturnType<typeof listenOnFreePort>>;

  beforeAll(async () => {
    const app = express();
    app.get("/readyz", readinessEndpoint(() => ({ database: async () => "ok", storage }), { token: TOKEN }));
    site = await listenOnFreePort(app);
    const withoutToken = express();
    withoutToken.get("/readyz", readinessEndpoint(() => ({ database: async () => "ok", storage: async () => "full" }), { token: undefined }));
    closed = await listenOnFreePort(withoutToken);
  });
  afterAll(() => {
    site.close();
    closed.close();
  });

  it("tells the public its status only, and the metrics token's holder each check", async () => {
    const anonymous = await fetch(`${site.base}/readyz`);
    expect(anonymous.status).toBe(503);
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
    expect(await anonymous.json()).toEqual({ status: "unavailable" });

    for (const authorization of ["Bearer wrong-token-0123456789", TOKEN, `Basic ${TOKEN}`]) {
      const refused = await fetch(`${site.base}/readyz`, { headers: { authorization } });
      expect(refused.status).toBe(503);
      expect(await refused.json(), authorization).toEqual({ status: "unavailable" });
    }

    const scraper = await fetch(`${site.base}/readyz`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraper.status).toBe(503);
    expect(await scraper.json()).toEqual({ status: "unavailable", checks: { database: "ok", storage: "full" } });

    // Without a token set, nobody gets the details.
    const noToken = await fetch(`${closed.base}/readyz`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(noToken.status).toBe(503);
    expect(await noToken.json()).toEqual({ status: "unavailable" });
  });

  it("asks the dependencies once for a flood of probes, and again a second later", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    answer = "ok";
    calls = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${site.base}/readyz`)));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(calls).toBe(1);
    expect(await (await fetch(`${site.base}/readyz`)).json()).toEqual({ status: "ok" });
    expect(calls).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 1_050));
    await fetch(`${site.base}/readyz`);
    expect(calls).toBe(2);
  });
});

describe("cached readiness", () => {
  it("keeps an answer for a second after it came, and shares a run under way", async () => {
    let now = 0;
    let runs = 0;
    const readiness = cachedReadiness(
      async () => {
        runs++;
        return { ready: true, checks: {} };
      },
      { ttlMs: 1_000, now: () => now },
    );
    await Promise.all([readiness(), readiness(), readiness()]);
    expect(runs).toBe(1);
    now = 999;
    await readiness();
    expect(runs).toBe(1);
    now = 1_000;
    await readiness();
    expect(runs).toBe(2);
  });

  it("asks again after a run that failed", async () => {
    let runs = 0;
    const readiness = cachedReadiness(async () => {
      runs++;
      if (runs === 1) throw new Error("the checks could not be built");
      return { ready: true, checks: {} };
    });
    await expect(readiness()).rejects.toThrow();
    expect(await readiness()).toEqual({ ready: true, checks: {} });
  });
});
