import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppInstance, BROWSER, ensureProductionBuild, postgresAnswers, startAppInstance } from "../tests/setup/app-instance";
import { createPostgresDatabase } from "../tests/setup/database";
import { startTcpProxy, type TcpProxy } from "../tests/setup/tcp-proxy";

// The database unreachable under a running server: a TCP relay of our own sits between the app and
// this run's PostgreSQL database, and is cut and restored. Needs a PostgreSQL server where we may
// create a database (TEST_DATABASE_URL, else postgres@127.0.0.1:5432); skipped, saying why, without.

const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const hasPostgres = await postgresAnswers(POSTGRES_URL);
if (!hasPostgres) console.warn(`Database outage: skipped, no PostgreSQL on ${new URL(POSTGRES_URL).host}.`);

const BOT = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };

describe.skipIf(!hasPostgres)("the database unreachable", () => {
  let proxy: TcpProxy | undefined;
  let app: AppInstance | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ensureProductionBuild();
    const database = await createPostgresDatabase(POSTGRES_URL);
    dropDatabase = database.drop;
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.hostname = "127.0.0.1";
    throughProxy.port = String(proxy.port);
    app = await startAppInstance("database-outage", { DATABASE_URL: throughProxy.toString(), JOBS: "off" });
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
    await proxy?.close();
    await dropDatabase?.();
  });

  const get = (pathname: string, headers: Record<string, string> = BROWSER) => fetch(`${app!.url}${pathname}`, { headers, redirect: "manual" });

  it("answers 503 with the error page and Retry-After, then recovers within 5 s of the database's return", async () => {
    // Searches with a filter nobody asked for yet: never in the page cache.
    const search = (n: number) => `/voitures-neuves/recherche?price_max=${400_000 + n * 1000}`;
    expect((await get(search(0))).status).toBe(200);

    await proxy!.cut();
    const started = performance.now();
    const page = await get(search(1));
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    const html = await page.text();
    // The spec's error page in the site's shell: the heading is 'oops!' alone for a 503.
    const heading = html.match(/<h1 id="error-heading"[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, "");
    expect(heading).toBe("503 oops!");
    expect(html.includes("Retour à la page d&#x27;accueil")).toBe(true);
    expect(html.includes('data-testid="top-bar"')).toBe(true);
    expect(/at .+\.js:\d+|Unexpected Server Error/.test(html)).toBe(false);
    // The answer came at once, not after the client's patience ran out.
    expect(performance.now() - started).toBeLessThan(4_000);

    // A client-side navigation's data, a form post, a resource route and a crawler alike.
    const data = await get(`${search(2).replace("?", ".data?")}`);
    expect(data.status).toBe(503);
    expect(data.headers.get("retry-after")).toBe("5");
    const posted = await fetch(`${app!.url}/newsletter`, { method: "POST", headers: { ...BROWSER, origin: app!.url }, body: new URLSearchParams({ email: "outage@example.com" }) });
    expect(posted.status).toBe(503);
    expect(posted.headers.get("retry-after")).toBe("5");
    const feed = await get("/atom.xml");
    expect(feed.status).toBe(503);
    expect(feed.headers.get("retry-after")).toBe("5");
    const crawled = await get(search(3), BOT);
    expect(crawled.status).toBe(503);
    expect((await crawled.text()).trim()).toBe("503");
    expect((await get("/healthz")).status).toBe(503);

    await proxy!.restore();
    const restored = performance.now();
    let n = 10;
    for (;;) {
      const answer = await get(search(n++));
      // The answer that ends the outage counts too: a page that waits for the database's return
      // (postgres.js's reconnection backoff once held the first one for 17 s) is not a recovery.
      expect(performance.now() - restored).toBeLessThan(5_000);
      if (answer.status === 200) break;
      expect(answer.status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await get("/healthz")).status).toBe(200);
    expect(app!.output()).toContain("database unreachable: answering 503 until it returns");
    expect(app!.output()).toContain("database reachable again");
    expect(app!.output()).not.toContain("unhandled error");
  });
});
