import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import crypto from "node:crypto";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env, publicUrl } from "./env.server";

// ---------------------------------------------------------------------------------------------
// Same-origin check for state-changing requests (CSRF defence on top of SameSite cookies).

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** This site's origins: the one the request came to, and PUBLIC_URL's (behind a proxy they differ). */
function siteOrigins(request: Request): Set<string | null> {
  return new Set([new URL(request.url).origin, originOf(publicUrl())]);
}

/**
 * Throws a 403 Response when a POST (or any unsafe method) comes from another site.
 * Sec-Fetch-Site (set by the browser, not by page scripts) settles it when it says same-origin:
 * under a no-referrer policy browsers send `Origin: null` even for same-origin forms. Otherwise
 * Origin is checked, then Referer when Origin is absent. A request with none of these headers
 * is let through: browsers always send Origin on cross-site POSTs, so it is not a forged form
 * (it is curl, a test, or a mail provider's one-click unsubscribe).
 */
export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "same-origin" || fetchSite === "none") return;
  const origin = request.headers.get("origin");
  const referer = request.headers.get("referer");
  if (origin === null && referer === null) return;
  // "null" (opaque origin: sandboxed frame, privacy policies) never matches.
  const claimed = origin !== null ? originOf(origin) : originOf(referer);
  if (claimed && siteOrigins(request).has(claimed)) return;
  throw new Response("Forbidden: this form must be sent from the Voitura website.", {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

/**
 * The page a same-site form was sent from (path and query of its Referer, which browsers send
 * in full to the same origin under the site's strict-origin-when-cross-origin policy), or null.
 * Lets a form printed many times on a page leave out a return-address field of its own.
 */
export function sameSiteRefererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return siteOrigins(request).has(url.origin) ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Rate limiting: one rate-limiter-flexible limiter per limit and window, in memory by default and
// on Redis (with an in-memory insurance limiter) when several instances run (redis.server.ts).

interface RateLimitResult {
  ok: boolean;
  /** Seconds until the window resets; 0 when ok. */
  retryAfterSeconds: number;
  remaining: number;
}

interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

/** Builds the limiter for one limit and window: `points` hits per `duration` seconds. */
type RateLimiterFactory = (options: { points: number; duration: number }) => RateLimiterAbstract;

const memoryLimiter: RateLimiterFactory = (options) => new RateLimiterMemory(options);
let createLimiter: RateLimiterFactory = memoryLimiter;
const limiters = new Map<string, RateLimiterAbstract>();

/** Replaces the limiters' store (Redis in multi-instance deployments); counts start afresh. */
export function setRateLimiterFactory(next: RateLimiterFactory | undefined): void {
  createLimiter = next ?? memoryLimiter;
  limiters.clear();
}

function limiterFor(options: RateLimitOptions): RateLimiterAbstract {
  const id = `${options.limit}/${options.windowMs}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = createLimiter({ points: options.limit, duration: Math.max(1, Math.ceil(options.windowMs / 1000)) });
    limiters.set(id, limiter);
  }
  return limiter;
}

export async function rateLimit(key: string, options: RateLimitOptions): Promise<RateLimitResult> {
  try {
    const taken = await limiterFor(options).consume(key);
    return { ok: true, retryAfterSeconds: 0, remaining: taken.remainingPoints };
  } catch (refusal) {
    // Anything but a refusal is a store failure (the Redis limiter has memory insurance against it).
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)), remaining: 0 };
  }
}

/** Public form submissions per client address per 10 minutes (RATE_LIMIT_FORMS, default 5). */
export function formRateLimit(): RateLimitOptions {
  return { limit: env().RATE_LIMIT_FORMS, windowMs: 10 * 60_000 };
}
export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests, please try again later.";

/** The eight 16-bit groups of a valid IPv6 address (compressed or with an IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const first = head ? head.split(":") : [];
  const last = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - first.length - last.length).fill("0");
  return [...first, ...zeros, ...last].map((group) => Number.parseInt(group, 16));
}

/**
 * The client as its limits see it: an IPv4 address as it is (also when written IPv4-mapped,
 * ::ffff:1.2.3.4), an IPv6 address as its /64 prefix. One subscriber is given a whole /64, so
 * counting single IPv6 addresses would give each client billions of allowances.
 */
function limitAddress(address: string): string {
  const plain = address.replace(/%.*$/, "");
  if (!net.isIPv6(plain)) return address;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/**
 * The client that rate limits and duplicate checks key on: the address the Express app puts in
 * the load context (never read from headers here), IPv6 reduced to its /64 (limitAddress).
 */
export function clientIp(context: unknown): string {
  const value = (context as { clientIp?: unknown } | null | undefined)?.clientIp;
  return typeof value === "string" && value ? limitAddress(value) : "unknown";
}

// ---------------------------------------------------------------------------------------------
// Secrets and small request helpers.

let generatedSecret: string | undefined;
const MIN_SECRET_LENGTH = 32;

/** The secret file's content, undefined when there is none yet; a file that cannot serve stops the start. */
function readSecretFile(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    throw new Error(`The secret file ${file} cannot be read (${code ?? String(err)}): let this process read it, or set AUTH_SECRET`);
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `The secret file ${file} is empty or shorter than ${MIN_SECRET_LENGTH} characters: delete it to have a new one generated (signed links and sessions then end), or set AUTH_SECRET`,
    );
  }
  return secret;
}

/**
 * Writes a new secret whole or not at all: into a temporary file (mode 600), flushed, then linked
 * to its name, which fails if another process got there first (a rename would replace their
 * secret while they already sign with it). Returns the secret that won.
 */
function writeSecretFile(file: string): string {
  const secret = crypto.randomBytes(32).toString("hex");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  const fd = fs.openSync(temporary, "wx", 0o600);
  try {
    fs.writeSync(fd, secret);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temporary, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return readSecretFile(file) ?? secret;
    // A file system without hard links: a rename is still atomic.
    fs.renameSync(temporary, file);
    return secret;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return secret;
}

/**
 * Without AUTH_SECRET, a random secret is created once in DATA_DIR/auth-secret (mode 600) and
 * reused, so signed links survive restarts on a single machine. Several instances must share
 * AUTH_SECRET. Called at start, so a secret file that cannot serve stops the start with its reason.
 */
export function loadRootSecret(): string {
  const configured = env().AUTH_SECRET;
  if (configured) return configured;
  if (generatedSecret) return generatedSecret;
  const file = path.join(path.resolve(env().DATA_DIR), "auth-secret");
  generatedSecret = readSecretFile(file) ?? writeSecretFile(file);
  return generatedSecret;
}

/** A stable secret for one purpose (captcha HMAC, newsletter links), derived from the root secret. */
export function deriveSecret(purpose: string): string {
  return crypto.createHmac("sha256", loadRootSecret()).update(`voitura:${purpose}`).digest("hex");
}

/** A value's signature (base64url HMAC) with the secret of one purpose: links that act without sign-in. */
export function signValue(purpose: string, value: string): string {
  return crypto.createHmac("sha256", deriveSecret(purpose)).update(value).digest("base64url");
}

/** Whether two tokens are equal, compared in constant time. */
export function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VISITOR_PURPOSE = "visitor-id";

/** The `cookie_user_id` value for a visitor id: the id and its signature, `<uuid>.<base64url HMAC>`. */
export function signedVisitorId(id: string): string {
  const lower = id.toLowerCase();
  return `${lower}.${signValue(VISITOR_PURPOSE, lower)}`;
}

/** The raw `cookie_user_id` value of a request, decoded; undefined when absent or undecodable. */
export function visitorCookie(request: Request): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== "cookie_user_id") continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Whether a value is a UUID (the visitor id cookie's id part, or an unsigned cookie from before). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The visitor id the server issued and signed (accounts/visitor-id.server.ts), from the
 * `cookie_user_id` cookie. A missing, unsigned, made-up or forged value is no visitor: per-visitor
 * limits then count against the address, as a client could otherwise pick a new id per request.
 */
export function visitorId(request: Request): string | undefined {
  const value = visitorCookie(request);
  const dot = value?.indexOf(".") ?? -1;
  if (!value || dot === -1) return undefined;
  const id = value.slice(0, dot);
  if (!UUID.test(id)) return undefined;
  return sameToken(signedVisitorId(id), `${id.toLowerCase()}${value.slice(dot)}`) ? id.toLowerCase() : undefined;
}

export function sha256Hex(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

const DEFAULT_FORM_BYTES = 128 * 1024;

/**
 * request.formData() with a size cap: public forms are small, and an unbounded body would be
 * read into memory whole. Throws a 413 Response past `maxBytes`.
 */
export async function readForm(request: Request, maxBytes = DEFAULT_FORM_BYTES): Promise<FormData> {
  const tooLarge = () => new Response("The form is too large.", { status: 413, headers: { "content-type": "text/plain; charset=utf-8" } });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return new FormData();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const contentType = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  try {
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}
