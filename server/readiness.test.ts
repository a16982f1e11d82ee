import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../tests/setup/database";
import { startS3Server } from "../tests/setup/s3-server.mjs";
import { bucketCheck, databaseCheck, folderCheck, redisCheck, runChecks } from "./readiness";

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
