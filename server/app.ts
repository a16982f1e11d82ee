import crypto from "node:crypto";
import path from "node:path";
import express from "express";
import helmet from "helmet";
import { socialSignInOrigins } from "~/features/accounts/auth.server";
import { env, publicUrl, s3Settings } from "~/lib/env.server";
import { PREVIEW_ROOT } from "~/lib/link-preview";
import { analyseIfNeverAnalysed } from "~/lib/database-upkeep.server";
import { database, isEmptyCatalogue, migrateDatabase, openDatabase, setDatabase } from "~/lib/db.server";
import { openReplica, replica, setReplica } from "~/lib/db-replica.server";
import { logger } from "~/lib/logger.server";
import { nameCurrentRoute } from "~/lib/request-context.server";
import { closeRedis, configureSharedStores } from "~/lib/redis.server";
import { loadRootSecret } from "~/lib/security.server";
import { hasEditorialContent, importContentFromDisk } from "~/features/editorial/content-import.server";
import { seedDatabase } from "../db/seed";
import { isEmptyMarketplace, seedMarketplace } from "../db/seed/marketplace";
import { isEmptyDealerDirectory, seedDealerDirectory } from "../db/seed/dealers";
import { isEmptyOwnerReviews, seedOwnerReviews } from "../db/seed/reviews";
import { hasNoBanners, seedDemoBanners } from "../db/seed/banners";
import { hasNoCostFigures, seedCostFigures } from "../db/seed/cost-figures";
import { flushImpressions } from "~/features/banners/banners.server";
import { MEDIA_PATH, storage } from "~/lib/storage.server";
import { demoShots } from "~/features/marketplace/selling/demo-photos";
import { setPhotoBase } from "~/features/marketplace/photos";
import { drawMissingDemoPhoto, ensureStoredDemoPhotos } from "~/features/marketplace/selling/demo-photos.server";
import { canonicalQuery } from "./canonical-query";
import { methodGuard } from "./http-methods";
import { replicaReads } from "./replica-reads";
import { mediaFiles, storedMediaFiles } from "./media-files";
import { observeRenderAdmission } from "~/lib/metrics.server";
import { renderAdmission } from "./render-admission";
import { pageCache } from "./page-cache";
import { reactRouterHandler } from "./react-router-handler";
import { requestLogging } from "./request-logging";
import { type RenderThreads, startRenderThreads } from "./render-threads";
import type { DocumentApart } from "~/lib/document-apart.server";
import type { ServerBuild } from "react-router";
import { answerDatabaseOutages } from "./database-outage-answers";
import { metricsEndpoint, namedRoute, readinessEndpoint, requestObservation } from "./observability";
import { configuredChecks, databaseCheck, runChecks } from "./readiness";
import { type JobWorker, startJobWorker } from "~/lib/job-queue.server";
import { isJobName, jobHandlers, jobNames, mayRunJob, RUN_JOB_PATH, runJob, scheduledJobs, writeJobsToken } from "./jobs";
import { VISITOR_ID_PATH } from "~/features/accounts/visitor-id";
import { visitorIdEndpoint } from "./visitor-id";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /** The client's address as Express sees it (trusting only a loopback proxy). */
    clientIp: string;
    /**
     * Takes the rendered document's bytes: the server sends them as they are (and the page cache
     * keeps them), so the entry answers with a Response without a body.
     */
    takeDocument?: (html: Buffer) => void;
    /** Document requests only: loader values printed into static islands (app/lib/printed-data.ts). */
    printed?: Map<string, unknown>;
    /** Renders a document on a render thread (decision 021): its bytes, or null to render it here. */
    renderApart?: (document: DocumentApart) => Promise<Buffer | null>;
  }
}

const SEED_LOCK_KEY = 7_310_002;

/** Opens, migrates and (on an empty catalogue) seeds the database. Called once per process. */
export async function startServices(): Promise<void> {
  const e = env();
  // A secret file that cannot serve stops the start here, not at the first signed link.
  loadRootSecret();
  const handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  setDatabase(handle);
  if (e.DATABASE_REPLICA_URL) setReplica(openReplica(e.DATABASE_REPLICA_URL));
  configureSharedStores();
  await migrateDatabase(handle);
  await handle.withAdvisoryLock(SEED_LOCK_KEY, async () => {
    if (await isEmptyCatalogue(handle.db)) {
      logger.info("empty catalogue: seeding demo data");
      await seedDatabase(handle.db);
      logger.info("demo data seeded");
    } else if (!(await hasEditorialContent(handle.db))) {
      // A database seeded before the editorial content existed gets it once; later changes
      // come with `npm run content:import`.
      const result = await importContentFromDisk(handle.db);
      if (result.issues.length) logger.error({ issues: result.issues }, "content import failed: nothing imported");
      else logger.info({ articles: result.articles.created, guides: result.guides.created }, "content imported");
    }
    // The dealer directory after the catalogue (franchises name its brands) and before the ads (the
    // marketplace's dealers keep their slugs, so a database seeded before the directory keeps its ads).
    if (await isEmptyDealerDirectory(handle.db)) {
      const seeded = await seedDealerDirectory(handle.db);
      logger.info(seeded, "demo dealer directory seeded");
    }
    // After the catalogue: the demo ads are drawn from its versions. A database seeded before the
    // marketplace existed gets it once too.
    if (await isEmptyMarketplace(handle.db)) {
      logger.info("no used-car ads: seeding the demo marketplace");
      // Only the covers are drawn before the server opens (all four shots took ~20-30 s on two
      // busy cores); the other shots follow in the background and /medias draws any photo asked
      // for before then.
      const seeded = await seedMarketplace(handle.db, { photos: storage(), photoShots: [demoShots[0]] });
      logger.info(seeded, "demo marketplace seeded");
    }
    // Owner reviews of the catalogue's models; a database seeded before they existed gets them once.
    if (await isEmptyOwnerReviews(handle.db)) {
      const seeded = await seedOwnerReviews(handle.db);
      logger.info(seeded, "demo owner reviews seeded");
    }
    // The demo banners; a database from before banners had images (migration 0010) gets them once.
    if (await hasNoBanners(handle.db)) logger.info(await seedDemoBanners(handle.db), "demo banners seeded");
    if (await hasNoCostFigures(handle.db)) logger.info(await seedCostFigures(handle.db), "cost figures seeded");
  });
  // After any seeding: the embedded database has no autovacuum to do it (database-upkeep.server.ts).
  if (await analyseIfNeverAnalysed(handle)) logger.info("embedded database analysed: its queries are planned on statistics");
  // Draws the demo photos not stored yet (the shots after the covers, or everything for a new
  // instance whose uploads folder is empty), one at a time, while the server answers.
  void ensureStoredDemoPhotos(handle.db, storage())
    .then((done) => logger.info(done, done.rendered ? "demo photos rendered" : "demo photos all stored"))
    .catch((err: unknown) => logger.error({ err }, "demo photos could not be rendered"));
  // The job queue's worker (decision 013), once the schema is there; JOBS=off leaves it to another instance.
  jobsToken = writeJobsToken(e.DATA_DIR, e.PORT);
  if (e.JOBS === "on") {
    jobWorker = startJobWorker({
      db: () => database().db,
      handlers: jobHandlers,
      scheduled: scheduledJobs,
      onOutcome: (outcome) => (outcome.status === "finished" ? logger.info(outcome, "job finished") : logger.error(outcome, "job failed")),
      onError: (err) => logger.error({ err }, "job worker tick failed"),
    });
  }
  startRenderThreadsOnce(e.RENDER_THREADS, e.RENDER_THREADS_START);
  logger.info({ database: handle.kind, renderThreads: renderThreads ? `${e.RENDER_THREADS} (${e.RENDER_THREADS_START === "start" ? "started" : "on load"})` : "none", readReplica: Boolean(e.DATABASE_REPLICA_URL), captcha: e.CAPTCHA, jobs: e.JOBS, publicUrl: publicUrl() }, "services ready");
  if (!e.API_KEY) logger.warn("API_KEY is not set: the product API (/api.php) is open to everyone");
}

let jobWorker: JobWorker | undefined;
let jobsToken: string | undefined;
let renderThreads: RenderThreads | undefined;
/** The load context's hand-over to the render threads, while there are some. */
let renderApart: ((document: DocumentApart) => Promise<Buffer | null>) | undefined;

/** Render threads for the built server (decision 021); the development server renders in place. */
function startRenderThreadsOnce(count: number, startOn: "load" | "start"): void {
  if (!import.meta.env.PROD || count === 0 || renderThreads) return;
  const threads = startRenderThreads({
    count,
    startOn,
    onInfo: (message) => logger.info(message),
    // Beside server/main.js, which runs from the project's folder as this build does.
    script: path.resolve("server/render-thread.js"),
    onError: (err, message) => logger.error({ err }, message),
  });
  renderThreads = threads;
  renderApart = (document) => threads.render(document);
}

/** For a render thread (server/render-thread.js): renders a document handed over, with this thread's copy of the build. */
export async function documentRenderer(): Promise<(document: DocumentApart) => Buffer | null> {
  const build = await serverBuild();
  const entry = build.entry.module as unknown as { renderDocumentApart(document: DocumentApart, build: ServerBuild): Buffer | null };
  return (document) => entry.renderDocumentApart(document, build);
}

export async function stopServices(): Promise<void> {
  // The job running now ends before the database closes; no new one starts.
  await jobWorker?.stop();
  jobWorker = undefined;
  renderApart = undefined;
  await renderThreads?.close();
  renderThreads = undefined;
  // Banner impressions counted since the last batch are written before the database closes.
  await flushImpressions().catch((err: unknown) => logger.error({ err }, "banner impressions could not be written"));
  await closeRedis();
  await replica()?.close();
  setReplica(undefined);
  try {
    await database().close();
  } catch {
    // not open
  }
}

// Pages point at the object store's public address when it serves the photos itself.
const photoBase = s3Settings()?.publicUrl;
setPhotoBase(photoBase);

const HEALTH_TIMEOUT_MS = 2_000;
/** The longest a read waits for a place to render before it goes in anyway (decision 020). */
const RENDER_MAX_WAIT_MS = 1_000;

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");

app.use(requestLogging(logger));

// The request id in every log line, and the request's route and duration in the metrics.
app.use(requestObservation());

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", ...(photoBase ? [new URL(photoBase).origin] : [])],
        "connect-src": ["'self'", ...(process.env.NODE_ENV === "production" ? [] : ["ws:"])],
        "worker-src": ["'self'", "blob:"],
        // Browsers apply form-action to the redirect after a POST too: the social sign-in buttons
        // post to us and are sent on to the provider's sign-in page.
        "form-action": ["'self'", ...socialSignInOrigins()],
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": publicUrl().startsWith("https://") ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // "no-referrer" makes Chromium send `Origin: null` on same-site form posts, which breaks
    // forms without JavaScript; this policy still sends nothing but the origin cross-site.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: publicUrl().startsWith("https://"),
  }),
);

// Preview cards are meant to be shown by other sites and apps: helmet's same-origin resource
// policy is replaced (a header set in the route's Response would be added beside it, not instead).
app.use(PREVIEW_ROOT, (_req, res, next) => {
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  next();
});

// A 304 tells the browser (or a CDN) to reuse its stored page, whose inline scripts carry the
// nonce of the response that stored it. A fresh CSP header on the 304 would replace the stored
// one and block those scripts, so a 304 goes out without one (docs/decisions/005-http-caching.md).
app.use((_req, res, next) => {
  const writeHead = res.writeHead as (...args: unknown[]) => express.Response;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    if (args[0] === 304 || this.statusCode === 304) this.removeHeader("Content-Security-Policy");
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
  next();
});

// Liveness: the process answers and reaches its database (the brief's contract). A database that
// does not answer within the timeout is a 503, not a probe left hanging.
app.get("/healthz", async (_req, res) => {
  nameCurrentRoute("/healthz");
  const { ready } = await runChecks({ database: databaseCheck }, HEALTH_TIMEOUT_MS);
  res.setHeader("cache-control", "no-store");
  res.status(ready ? 200 : 503).json({ status: ready ? "ok" : "unavailable" });
});
// Readiness: the database, Redis when configured and the photo storage (docs/operations.md).
app.get("/readyz", readinessEndpoint(configuredChecks, { token: env().METRICS_TOKEN }));
// Prometheus' scrape, behind METRICS_TOKEN (a 404 when it is unset).
app.get("/metrics", metricsEndpoint({ token: env().METRICS_TOKEN }));
app.all(["/healthz", "/readyz", "/metrics"], (_req, res) => {
  res.setHeader("Allow", "GET, HEAD");
  res.status(405).type("text/plain").send("405 Method Not Allowed\n");
});

// Stored photos, before the method guard and the page cache: files with their own cache headers,
// from the uploads folder or read from the object store (which may also serve them itself at
// S3_PUBLIC_URL; these addresses keep working either way).
const mediaStore = storage();
const drawDemoPhoto = { onMissing: (key: string) => drawMissingDemoPhoto(mediaStore, key) };
app.use(MEDIA_PATH, namedRoute("/medias"), ...(mediaStore.localRoot ? mediaFiles(mediaStore.localRoot, drawDemoPhoto) : storedMediaFiles(mediaStore, drawDemoPhoto)));

// `npm run jobs:run -- NAME` on the embedded database, whose folder this server holds: the script
// asks the server to run the job (scripts/jobs-run.ts). Only from this machine, straight to this
// port, with the token the server wrote into DATA_DIR at start.
app.post(RUN_JOB_PATH, namedRoute(RUN_JOB_PATH), express.json({ limit: "1kb" }), async (req, res) => {
  res.setHeader("cache-control", "no-store");
  if (!mayRunJob({ remoteAddress: req.socket.remoteAddress, headers: req.headers, token: jobsToken })) {
    res.status(403).json({ error: "forbidden" });
    return;
  }
  const name = String((req.body as { name?: unknown } | undefined)?.name ?? "");
  if (!isJobName(name)) {
    res.status(400).json({ error: `unknown job "${name.slice(0, 60)}"`, jobs: jobNames });
    return;
  }
  try {
    const result = await runJob(name);
    logger.info({ job: name, result }, "job run by hand");
    res.json({ job: name, result });
  } catch (err) {
    logger.error({ err, job: name }, "job run by hand failed");
    res.status(500).json({ error: err instanceof Error ? err.message : String(err) });
  }
});

// The signed visitor id cookie, asked for by the page's script; before the page cache, never cached.
app.post(VISITOR_ID_PATH, namedRoute(VISITOR_ID_PATH), visitorIdEndpoint());

const serverBuild = () => import("virtual:react-router/server-build");

// Methods no route handles are answered here, before the page cache and React Router.
app.use(methodGuard(serverBuild));

// Query parameters a public page does not read are dropped before they can key a render.
app.use(canonicalQuery(serverBuild));

// Anonymous page reads on the read replica, when there is one (decision 019).
if (env().DATABASE_REPLICA_URL) app.use(replicaReads({ secureCookie: publicUrl().startsWith("https://") }));

app.use(pageCache({ bypassToken: env().PAGE_CACHE_BYPASS_TOKEN }));

// What the page cache could not answer renders a few at a time, in arrival order (decision 020).
const admission = renderAdmission({ limit: env().RENDER_CONCURRENCY, maxWaitMs: RENDER_MAX_WAIT_MS });
observeRenderAdmission(admission.state);
app.use(admission);

app.all(
  "/{*splat}",
  reactRouterHandler({
    // Given a function, React Router rebuilds its route tables on every request (a tenth of a
    // page's CPU); in production the build never changes, so it gets the module itself.
    build: import.meta.env.PROD ? answerDatabaseOutages(await serverBuild()) : async () => answerDatabaseOutages(await serverBuild()),
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      requestId: String(req.id),
      clientIp: req.ip ?? "unknown",
      // A client-side navigation asks for "<path>.data": its loaders' answers go to the browser whole.
      printed: req.path.endsWith(".data") ? undefined : new Map(),
      renderApart,
    }),
  }),
);
