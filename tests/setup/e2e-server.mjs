// Starts the production server for the end-to-end tests (Playwright's webServer command):
// builds once, wipes the data folder, then runs server/main.js on the embedded database.
// Usage: node tests/setup/e2e-server.mjs   (env E2E_PORT, E2E_DATA_DIR, E2E_SKIP_BUILD=1)
// E2E_S3=1 keeps the photos in a local S3-compatible server started here (served through /medias);
// E2E_S3=public also points the pages at the bucket's own address (S3_PUBLIC_URL). Its address is
// written to DATA_DIR/s3-server.json for the specs.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { startS3Server } from "./s3-server.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const port = process.env.E2E_PORT || "3100";
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR || ".e2e-data");
const logFile = path.join(dataDir, "server.log");

function say(message) {
  process.stderr.write(`[e2e-server] ${message}\n`);
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  const started = Date.now();
  say("building (npm run build)…");
  // Output is kept back unless the build fails: Playwright shows every line it gets.
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  if (build.status !== 0) {
    process.stderr.write(build.stdout ?? "");
    process.stderr.write(build.stderr ?? "");
    say(`build failed (exit ${build.status ?? build.signal})`);
    process.exit(build.status || 1);
  }
  say(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// A fresh database each run: first start migrates and seeds, so tests see known demo data.
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(path.join(dataDir, "outbox"), { recursive: true });
const log = fs.createWriteStream(logFile);

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
  // The captcha stays on: the browser journeys prove it works. Forms are posted more often
  // than a visitor would, so the per-address limit is raised (429 is proven in route tests).
  CAPTCHA: "on",
  RATE_LIMIT_FORMS: "200",
  // Every journey signs in from this one address; the per-email limits stay as in production.
  RATE_LIMIT_AUTH: "1000",
  // Every browser context of the suite asks for its visitor id from this one address.
  RATE_LIMIT_VISITOR_IDS: "100000",
  AUTH_SECRET: "e2e-only-secret-0123456789-abcdefghijklmnop",
  // The moderator of tests/e2e/moderation.spec.ts (an account the marketplace fixtures write, tests/setup/e2e-marketplace.ts).
  MODERATOR_EMAILS: "moderator@example.com",
  // /metrics answers only with this token (tests/e2e/health.spec.ts scrapes it).
  METRICS_TOKEN: "e2e-metrics-token-0123456789",
  // Every journey's documents render on a render thread from the start (decision 021), so the
  // whole suite proves what is rendered there; a production server starts them under load.
  RENDER_THREADS: "1",
  RENDER_THREADS_START: "start",
};
// Mails must land in DATA_DIR/outbox and data in PGlite, whatever the caller's shell has set.
// No Google or Facebook ids either: this server proves their buttons stay hidden (the social
// sign-in journeys start a server of their own, tests/setup/social-e2e.ts).
for (const name of ["DATABASE_URL", "SMTP_URL", "REDIS_URL", "API_KEY", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "FACEBOOK_CLIENT_ID", "FACEBOOK_CLIENT_SECRET"]) {
  delete env[name];
}
for (const name of Object.keys(env)) if (name.startsWith("S3_")) delete env[name];

// In this process, so it lives and stops with the server; before the fixtures, which store photos.
const s3Mode = process.env.E2E_S3 || "";
if (s3Mode) {
  if (s3Mode !== "1" && s3Mode !== "public") {
    say(`E2E_S3 must be 1 or public, not ${JSON.stringify(s3Mode)}`);
    process.exit(1);
  }
  const s3 = await startS3Server({ directory: path.join(dataDir, "s3"), bucket: "voitura-e2e" });
  Object.assign(env, s3.env, s3Mode === "public" ? { S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}` } : {});
  fs.writeFileSync(path.join(dataDir, "s3-server.json"), JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket, publicUrl: env.S3_PUBLIC_URL ?? null }));
  say(`photos stored in the local S3 server ${s3.endpoint}, bucket ${s3.bucket}${s3Mode === "public" ? ", pages pointing at it" : ""}`);
}

/** Runs a script to its end without blocking this process (the S3 server above answers it). */
function runScript(script) {
  return new Promise((resolve) => {
    const run = spawn(process.execPath, ["--import", "tsx", script], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    run.stdout.on("data", (chunk) => (output += chunk));
    run.stderr.on("data", (chunk) => (output += chunk));
    run.on("close", (status) => resolve({ status, output }));
  });
}

// Fixtures no visitor can create (a disabled account; used ads in every state; sellers with drafts;
// the dealers the journeys visit), before the server opens the database.
{
  const fixtures = await runScript("tests/setup/e2e-fixtures.ts");
  if (fixtures.status !== 0) {
    process.stderr.write(fixtures.output);
    say("could not write the fixtures (tests/setup/e2e-fixtures.ts)");
    process.exit(1);
  }
}

say(`starting server on port ${port}, DATA_DIR=${path.relative(root, dataDir) || dataDir}, log ${path.relative(root, logFile)}`);
const child = spawn(process.execPath, ["server/main.js"], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });

// Every log line goes to the file; warnings and errors (pino level >= 40) also to stderr so they show in the test output.
readline.createInterface({ input: child.stdout }).on("line", (line) => {
  log.write(`${line}\n`);
  try {
    if (JSON.parse(line).level >= 40) process.stderr.write(`[server] ${line}\n`);
  } catch {
    process.stderr.write(`[server] ${line}\n`);
  }
});

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  });
}

child.on("exit", (code, signal) => {
  log.end();
  if (signal) say(`server stopped by ${signal}`);
  else if (code !== 0) say(`server exited with code ${code}; see ${path.relative(root, logFile)}`);
  process.exit(code ?? 0);
});
