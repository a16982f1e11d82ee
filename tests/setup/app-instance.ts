import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import postgres from "postgres";

// A production server (build/) started by a test, with the environment it chooses: the fault tests
// put their own proxies and servers between it and PostgreSQL, Redis or SMTP.

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/** A browser's user agent: crawlers get a bare status line instead of the page (entry.server). */
export const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36", accept: "text/html" };

export interface AppInstance {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  /** SIGKILL, as a crash: the data folder is left as the process left it. */
  kill: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/** `npm test` builds before Vitest; a lone run builds here. */
export function ensureProductionBuild(): void {
  if (fs.existsSync(path.join(projectRoot, "build/server/index.js"))) return;
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: projectRoot, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
}

/** With `options.dataDir` the instance runs on that folder and leaves it to the caller; otherwise on a folder of its own, removed on stop. */
export async function startAppInstance(name: string, variables: Record<string, string>, options: { dataDir?: string } = {}): Promise<AppInstance> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `voitura-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    AUTH_SECRET: "fault-test-secret-0123456789-abcdefghij",
    CAPTCHA: "off",
    LOG_LEVEL: "info",
  };
  for (const variable of ["SMTP_URL", "REDIS_URL", "API_KEY", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "FACEBOOK_CLIENT_ID", "FACEBOOK_CLIENT_SECRET", "S3_ENDPOINT"]) delete env[variable];
  Object.assign(env, variables);
  const child: ChildProcess = spawn(process.execPath, ["server/main.js"], { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited (${child.exitCode}):\n${output.slice(-2000)}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`instance ${name} did not answer within 120 s:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, dataDir, output: () => output, stop, kill };
}

export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 2000, retryStrategy: () => null });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export async function postgresAnswers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/** A form posted as a browser on this site posts it (its origin, no redirect followed). */
export function postForm(instance: AppInstance, pathname: string, form: Record<string, string>, cookie?: string) {
  return fetch(`${instance.url}${pathname}`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { ...BROWSER, origin: instance.url, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

export function getPage(instance: AppInstance, pathname: string, cookie?: string) {
  return fetch(`${instance.url}${pathname}`, { headers: { ...BROWSER, ...(cookie ? { cookie } : {}) }, redirect: "manual" });
}

/** The activation link of a mail to `email` in the instance's outbox. */
export async function activationLink(instance: AppInstance, email: string): Promise<string> {
  const outbox = path.join(instance.dataDir, "outbox");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith(".eml")) : [];
    for (const name of names) {
      // Quoted-printable: soft line breaks and "=3D" for "=".
      const raw = fs.readFileSync(path.join(outbox, name), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      const link = raw.includes(email) ? raw.match(/https?:\/\/[^\s"'<>]+\/compte\/verification\?token=[^\s"'<>]+/)?.[0] : undefined;
      if (link) return link.replace(/&amp;/g, "&");
    }
    if (Date.now() > deadline) throw new Error(`no activation mail to ${email} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Opens the activation link of the mail to `email` (it verifies the address and signs no one in),
 * then signs in with the password on the same instance: the signed-in answer (a 302 with the
 * session cookie).
 */
export async function activateAndSignIn(instance: AppInstance, email: string, password: string): Promise<Response> {
  const link = new URL(await activationLink(instance, email));
  const opened = await getPage(instance, link.pathname + link.search);
  if (opened.status !== 200) throw new Error(`the activation link answered ${opened.status}`);
  if (opened.headers.getSetCookie().some((c) => c.startsWith("voitura.session_token="))) throw new Error("the activation link signed the visitor in");
  return postForm(instance, "/login", { email, password, redirectTo: "/mon-compte" });
}

/** The session cookie a sign-in answer sets, as a Cookie header value. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("voitura.session_token="));
  if (!cookie) throw new Error(`no session cookie in the response (${response.status})`);
  return cookie.split(";")[0]!;
}
