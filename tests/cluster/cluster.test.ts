import { execFile, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster } from "../../scripts/cluster";
import { hasCommand, nginxBinary, ownPostgresUnavailable, sleep } from "../../scripts/cluster-services";
import { carPhoto, get, newSeller, postAd, PostingFailed, signIn, type Visitor } from "./site-client";

// The deployment of docs/operations.md ("Several instances") on this machine, through the same
// nginx site as production (scripts/cluster.ts): three instances of the production build behind
// nginx, photos in an S3-compatible store, and a PostgreSQL and a Redis of the test's own, so
// the faults can stop them without touching the machine's. Run by `npm test` (its cluster step);
// alone: npx vitest run -c tests/cluster/vitest.config.ts

const root = fileURLToPath(new URL("../..", import.meta.url));
const execFileAsync = promisify(execFile);
// Below the per-address limit's partner, ten attempts per email (accounts.server.ts).
const AUTH_LIMIT = 8;
const NGINX_PORT = Number(process.env.CLUSTER_PORT ?? 3450);
const OWN_POSTGRES_PORT = Number(process.env.CLUSTER_POSTGRES_PORT ?? 5441);
const OWN_REDIS_PORT = Number(process.env.CLUSTER_REDIS_PORT ?? 6441);

const missing = [!nginxBinary() && "nginx is not installed", !hasCommand("redis-server") && "redis-server is not installed", ownPostgresUnavailable()].filter(Boolean);
if (missing.length) console.warn(`The cluster tests are skipped: ${missing.join("; ")}.`);

let ipCounter = 0;
/** A client address of its own (TEST-NET-3), so each visitor's rate limits are its own. */
const newIp = () => `203.0.113.${++ipCounter}`;
const uniqueEmail = (what: string) => `${what}-${crypto.randomBytes(4).toString("hex")}@example.com`;

describe.skipIf(missing.length > 0)("three instances behind nginx", () => {
  let cluster: Cluster;
  let sql: postgres.Sql;
  const visitor = (base?: string): Visitor => ({ base: base ?? cluster.url, ip: newIp() });
  const dataDirs = () => cluster.instances.map((i) => i.dataDir);

  beforeAll(async () => {
    cluster = await startCluster({
      port: NGINX_PORT,
      ownPostgresPort: OWN_POSTGRES_PORT,
      ownRedisPort: OWN_REDIS_PORT,
      captcha: "off",
      authLimit: AUTH_LIMIT,
      log: (line) => console.log(line),
    });
    sql = postgres(cluster.databaseUrl, { max: 2, onnotice: () => {} });
  }, 300_000);

  afterAll(async () => {
    await sql?.end({ timeout: 2 }).catch(() => {});
    await cluster?.stop();
  }, 60_000);

  it("signs in on one instance, posts through another, and shows the ad on every one and through nginx", async () => {
    const [a, b, c] = cluster.instances;
    const email = uniqueEmail("journey");
    await newSeller(visitor(), dataDirs(), email, "Lerato Journey");

    // Signed in on A: its session cookie opens the account on B and C too.
    const signedIn = await signIn(visitor(a!.url), email);
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith("voitura.session_token="))!.split(";")[0]!;
    for (const instance of [b!, c!]) {
      const account = await get({ ...visitor(instance.url), cookie }, "/mon-compte");
      expect(account.status).toBe(200);
      expect(await account.text()).toContain("Lerato Journey");
    }

    // Posted through B, two photos.
    const word = `journey${crypto.randomBytes(3).toString("hex")}`;
    const adPath = await postAd({ ...visitor(b!.url), cookie }, [await carPhoto(1001), await carPhoto(1002)], { word });

    // On every instance, and through nginx (twice: the second from its cache).
    for (const base of [a!.url, b!.url, c!.url, cluster.url, cluster.url]) {
      const page = await get(visitor(base), adPath);
      expect(page.status, `${base}${adPath}`).toBe(200);
      const html = await page.text();
      expect(html).toContain(word);
      // Its photos come from the store, through any address.
      const photo = html.match(/\/medias\/(ads\/[A-Za-z0-9_-]+-640\.webp)/)?.[0];
      expect(photo).toBeDefined();
      const image = await fetch(`${base}${photo}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
    }
    const twice = await get(visitor(), adPath);
    expect(twice.headers.get("x-cache-status")).toBe("HIT");
    // Every answer through nginx carries the id nginx passed to the app.
    expect(twice.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps the public pages in nginx's one cache, never a signed-in visitor's, and revalidates with the ETag", async () => {
    const path = `/marche-doccasion/rechercher?price_max=${300_000 + Math.floor(Math.random() * 1000)}`;
    const first = await get(visitor(), path);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache-status")).toBe("MISS");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    // Whichever instance rendered it, the next visitor gets nginx's copy.
    expect((await get(visitor(), path)).headers.get("x-cache-status")).toBe("HIT");
    // A browser holding the page gets a 304 from nginx.
    expect((await get(visitor(), path, { "if-none-match": etag! })).status).toBe(304);
    // A session cookie goes to the app every time, and its answer is not kept.
    const signedIn = await get(visitor(), path, { cookie: "voitura.session_token=not-a-session" });
    expect(signedIn.headers.get("x-cache-status")).toBe("BYPASS");
    // Private pages are never kept.
    const login = await get(visitor(), "/login");
    expect(login.headers.get("cache-control")).toContain("no-store");
    expect((await get(visitor(), "/login")).headers.get("x-cache-status")).toBe("MISS");
    // Build files: nginx serves them itself, for a year.
    const asset = (await (await get(visitor(), "/")).text()).match(/\/assets\/[^"]+\.js/)?.[0];
    const script = await fetch(`${cluster.url}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("counts sign-in attempts spread over the instances towards one limit", async () => {
    // One client address, through nginx: round robin spreads the attempts over the three.
    const client = visitor();
    const email = uniqueEmail("nobody");
    const before = cluster.instances.map((i) => (i.output().match(/"url":"\/login"/g) ?? []).length);
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT; i++) statuses.push((await signIn(client, email)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const served = cluster.instances.map((i, n) => (i.output().match(/"url":"\/login"/g) ?? []).length - before[n]!);
    expect(served.filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
    // The next one is refused, on every instance.
    for (const instance of cluster.instances) expect((await signIn({ ...client, base: instance.url }, email)).status).toBe(429);
  });

  it("keeps answering while Redis is down, signs in, and shares the state again when it returns", async () => {
    const email = uniqueEmail("redis");
    const seller = await newSeller(visitor(), dataDirs(), email, "Sipho Redis");
    await cluster.redis!.stop();
    try {
      // Pages, uncached (a signed-in visitor's), on every instance.
      for (const instance of cluster.instances) {
        const page = await get({ ...seller, base: instance.url }, "/marche-doccasion");
        expect(page.status).toBe(200);
      }
      // Sign-in works.
      const signedIn = await signIn(visitor(), email);
      expect(signedIn.status).toBe(302);
      // And the instances say, in their log, that they limit on their own.
      const said = cluster.instances.some((i) => /redis/i.test(i.output().split("\n").filter((l) => /"level":(40|50)/.test(l)).join("\n")));
      expect(said).toBe(true);
    } finally {
      await cluster.redis!.start();
    }
    // Back: a session made on one instance reaches Redis and the others.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const signedIn = await signIn({ ...visitor(), base: cluster.instances[0]!.url }, email);
      const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith("voitura.session_token="))?.split(";")[0];
      const token = cookie ? decodeURIComponent(cookie.split("=")[1]!).split(".")[0]! : "";
      const inRedis = token ? await redisExists(`${cluster.redisPrefix}auth:${token}`) : false;
      if (signedIn.status === 302 && inRedis) {
        const onOther = await get({ ...visitor(cluster.instances[2]!.url), cookie }, "/mon-compte");
        expect(onOther.status).toBe(200);
        break;
      }
      if (Date.now() > deadline) throw new Error(`sessions did not reach Redis again within 15 s (sign-in ${signedIn.status})`);
      await sleep(500);
    }
  }, 60_000);

  /** EXISTS over redis-cli, so the test holds no connection of its own across the outage. */
  async function redisExists(key: string): Promise<boolean> {
    const port = new URL(cluster.redisUrl).port;
    const result = spawnSync("redis-cli", ["-p", port, "exists", key], { encoding: "utf8" });
    return result.stdout.trim() === "1";
  }

  it("loses no ad when an instance is killed while 50 are posted through nginx, and the cleanup job removes what was left", async () => {
    const SELLERS = 10;
    const ADS_EACH = 5;
    const sellers: Visitor[] = [];
    for (let i = 0; i < SELLERS; i++) sellers.push(await newSeller(visitor(), dataDirs(), uniqueEmail(`kill-${i}`), `Seller ${i}`));
    const photos = await Promise.all(Array.from({ length: SELLERS * ADS_EACH }, (_, i) => carPhoto(i)));

    const victim = cluster.instances[1]!;
    const posted: string[] = [];
    const failures: string[] = [];
    let finished = 0;
    const killed = (async () => {
      while (finished < 12) await sleep(100);
      await victim.kill();
    })();
    await Promise.all(
      sellers.map(async (seller, s) => {
        for (let n = 0; n < ADS_EACH; n++) {
          try {
            posted.push(await postAd(seller, [photos[s * ADS_EACH + n]!], { word: `kill${s}x${n}` }));
          } catch (err) {
            if (!(err instanceof PostingFailed)) throw err;
            failures.push(err.message);
          } finally {
            finished++;
          }
        }
      }),
    );
    await killed;
    console.log(`kill -9 while posting: ${posted.length} ads published, ${failures.length} failed (${failures.slice(0, 5).join("; ")})`);
    // Posting went on through the other two: most ads made it.
    expect(posted.length).toBeGreaterThanOrEqual(40);

    // Every answered ad is there, published, with its photo and the photo's three files in the store.
    const ids = posted.map((p) => Number(/\/(\d+)-[^/]*$/.exec(p)?.[1] ?? /(\d+)/.exec(p)?.[1]));
    const rows = await sql<{ id: number; status: string; photos: number }[]>`
      select a.id, a.status, (select count(*)::int from used_ad_photos p where p.ad_id = a.id) as photos
      from used_ads a where a.id in ${sql(ids)}`;
    expect(rows).toHaveLength(posted.length);
    for (const row of rows) {
      expect(row.status).toBe("published");
      // At least its own: a seller's next ad continues the draft a failed post left, photo included.
      expect(row.photos).toBeGreaterThanOrEqual(1);
    }
    // No ad of theirs at all (answered or not) is without its photo.
    const sellerEmails = (await sql<{ email: string }[]>`select email from users where name like 'Seller %'`).length;
    expect(sellerEmails).toBeGreaterThanOrEqual(SELLERS);
    const bare = await sql`
      select a.id from used_ads a join users u on u.id = a.seller_user_id
      where u.name like 'Seller %' and not exists (select 1 from used_ad_photos p where p.ad_id = a.id)`;
    expect(bare).toHaveLength(0);
    const adKeys = await sql<{ storage_key: string }[]>`
      select p.storage_key from used_ad_photos p join used_ads a on a.id = p.ad_id
      join users u on u.id = a.seller_user_id where u.name like 'Seller %'`;
    const stored = await storedKeys();
    for (const { storage_key: key } of adKeys) for (const width of [320, 640, 1280]) expect(stored.has(`${key}-${width}.webp`), `${key}-${width}`).toBe(true);

    // What the failed posts left (drafts, uploads) is the cleanup job's: once the drafts have been
    // idle past their 30 days and the uploads past their day of grace, its run leaves only the
    // files some ad shows.
    await sql`update ad_drafts set updated_at = now() - interval '31 days'`;
    await sql`update uploaded_photos set created_at = now() - interval '2 days'`;
    // Not spawnSync: the S3 server the job deletes from answers from this very process.
    const job = await execFileAsync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/jobs-run.ts", "storage-cleanup"], {
      cwd: root,
      timeout: 60_000,
      env: { ...process.env, DATABASE_URL: cluster.databaseUrl, ...cluster.s3.env, NODE_ENV: "production", LOG_LEVEL: "warn" },
    });
    console.log(job.stdout.trim());
    expect(job.stdout).toMatch(/storage-cleanup: .*"filesDeleted":\d+/);
    const referenced = new Set((await sql<{ storage_key: string }[]>`select storage_key from used_ad_photos`).map((r) => r.storage_key));
    const left = [...(await storedKeys())].filter((file) => file.startsWith("ads/"));
    const orphans = left.filter((file) => !referenced.has(file.replace(/-\d+\.webp$/, "")));
    expect(orphans).toEqual([]);

    await victim.start();
  }, 240_000);

  async function storedKeys(): Promise<Set<string>> {
    const client = new S3Client({
      endpoint: cluster.s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: cluster.s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: cluster.s3.env.S3_SECRET_ACCESS_KEY! },
    });
    const keys = new Set<string>();
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: cluster.s3.bucket, Prefix: "ads/", ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.add(object.Key);
      token = page.NextContinuationToken;
    } while (token);
    client.destroy();
    return keys;
  }

  it("answers 503 with the error page while PostgreSQL restarts, and recovers within 5 s of its return", async () => {
    // All three, whatever the test before left.
    await Promise.all(cluster.instances.filter((i) => !i.running()).map((i) => i.start()));
    const seller = await newSeller(visitor(), dataDirs(), uniqueEmail("pg"), "Ayanda Restart");
    // Searches no one made before: neither nginx nor an instance has a copy to fall back on.
    const page = (base: string) =>
      get({ ...seller, base }, `/marche-doccasion/rechercher?price_max=${200_000 + Math.floor(Math.random() * 100_000)}`).then(
        async (r) => ({ status: r.status, body: await r.text() }),
        (err: unknown) => ({ status: 0, body: String(err) }),
      );
    expect((await page(cluster.url)).status).toBe(200);

    cluster.postgres!.stop();
    let downAnswers: { status: number; body: string }[] = [];
    try {
      const started = Date.now();
      // Give the instances' pools a moment to notice, then ask every instance and nginx.
      await sleep(1000);
      downAnswers = await Promise.all([...cluster.instances.map((i) => page(i.url)), page(cluster.url)]);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await cluster.postgres!.start();
    }
    const back = Date.now();
    for (const answer of downAnswers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toContain("<html");
      expect(answer.body).not.toMatch(/at \w+ \(|node_modules|ECONNREFUSED/);
    }
    // Recovery, without a restart: every instance answers the page again within 5 s.
    for (;;) {
      const answers = await Promise.all(cluster.instances.map((i) => page(i.url)));
      if (answers.every((a) => a.status === 200)) break;
      if (Date.now() - back > 5_000) throw new Error(`not recovered 5 s after PostgreSQL returned: ${answers.map((a) => a.status).join(", ")}`);
      await sleep(200);
    }
    const instancesBack = Date.now() - back;
    // And through nginx, which may have set the instances aside for their 503s (fail_timeout).
    for (;;) {
      if ((await page(cluster.url)).status === 200) break;
      if (Date.now() - back > 5_000) throw new Error("nginx did not send the page again within 5 s of PostgreSQL's return");
      await sleep(200);
    }
    console.log(`PostgreSQL restart: every instance answered again ${instancesBack} ms after it returned, nginx ${Date.now() - back} ms`);
  }, 90_000);
});
