// Starts the production server for the end-to-end tests (Playwright's webServer command):
// builds once, wipes the data folder, then runs server/main.js on the embedded database.
// Usage: node tests/setup/e2e-server.mjs   (env E2E_PORT, E2E_DATA_DIR, E2E_SKIP_BUILD=1)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

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
  AUTH_SECRET: "e2e-only-secret-0123456789-abcdefghijklmnop",
};
// Mails must land in DATA_DIR/outbox and data in PGlite, whatever the caller's shell has set.
// No Google or Facebook ids either: this server proves their buttons stay hidden (the social
// sign-in journeys start a server of their own, tests/setup/social-e2e.ts).
for (const name of ["DATABASE_URL", "SMTP_URL", "REDIS_URL", "API_KEY", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "FACEBOOK_CLIENT_ID", "FACEBOOK_CLIENT_SECRET"]) {
  delete env[name];
}

// Fixtures no visitor can create (a disabled account; used ads in every state; sellers with drafts), before the
// server opens the database.
for (const script of ["tests/setup/e2e-accounts.ts", "tests/setup/e2e-marketplace.ts", "tests/setup/e2e-selling.ts"]) {
  const fixtures = spawnSync(process.execPath, ["--import", "tsx", script], { cwd: root, env, encoding: "utf8" });
  if (fixtures.status !== 0) {
    process.stderr.write(fixtures.stdout ?? "");
    process.stderr.write(fixtures.stderr ?? "");
    say(`could not write the fixtures of ${script}`);
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
