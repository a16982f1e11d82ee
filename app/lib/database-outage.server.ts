import { logger } from "./logger.server";

// What the app does while the database cannot be reached: answer 503 at once, with a Retry-After,
// instead of queueing requests behind connection attempts and answering 500 (docs/operations.md,
// "Faults"). A query the database refused (a constraint, a syntax error) stays a 500.

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * After a connection-level failure, requests are answered 503 without touching the pool for this
 * long; the first request after it tries the database again, so recovery follows within a second.
 */
const SHORT_CIRCUIT_MS = 1_000;

// Socket errors (Node) and postgres.js's own connection errors.
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

// PostgreSQL's class 57 (operator intervention) and 08 (connection exception) states that mean
// "the server is going away or not there yet".
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);

/** Whether `error` (or an error it wraps, as Drizzle wraps the driver's) says the database cannot be reached. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

let unreachableSince: number | undefined;
let lastFailureAt = 0;

/** Records a connection-level failure; the first one of an outage is logged. */
export function noteDatabaseUnreachable(error: unknown, now = Date.now()): void {
  lastFailureAt = now;
  if (unreachableSince !== undefined) return;
  unreachableSince = now;
  const code = (error as { code?: unknown; cause?: { code?: unknown } })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
  logger.error({ code: typeof code === "string" ? code : undefined }, "database unreachable: answering 503 until it returns");
}

/** Records a request that reached the database; logs the end of an outage. */
export function noteDatabaseReachable(now = Date.now()): void {
  if (unreachableSince === undefined) return;
  logger.info({ outageMs: now - unreachableSince }, "database reachable again");
  unreachableSince = undefined;
}

/** Whether a request should be answered 503 at once: a connection failed less than a second ago. */
export function databaseShortCircuited(now = Date.now()): boolean {
  return unreachableSince !== undefined && now - lastFailureAt < SHORT_CIRCUIT_MS;
}

const DATABASE_UNAVAILABLE_MESSAGE = "The site is briefly unavailable. Please try again in a few seconds.";

/** The answer thrown from a loader or action: the error page (or the bare status) with 503. */
export function databaseUnavailableResponse(): Response {
  return new Response(DATABASE_UNAVAILABLE_MESSAGE, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "content-type": "text/plain; charset=utf-8", "retry-after": String(DATABASE_RETRY_AFTER_SECONDS), "cache-control": "no-store" },
  });
}

export function resetDatabaseOutageForTests(): void {
  unreachableSince = undefined;
  lastFailureAt = 0;
}
