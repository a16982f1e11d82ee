// Calling route loaders and actions in database tests the way React Router would (thrown
// Responses and data() answers are answers too), and signing a user in through /login.
import { hashPassword } from "better-auth/crypto";
import { type Executor } from "~/lib/db.server";
import { authAccounts, users } from "../../db/schema";

export const ORIGIN = "http://localhost:3000";

export function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export function get(url: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${url}`, { headers: cookie ? { cookie } : {} });
}

export interface RouteAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

let ipCounter = 0;
type Handler = (args: never) => unknown;

export async function call(handler: Handler, request: Request, ip = `10.9.0.${++ipCounter % 250}`): Promise<RouteAnswer> {
  try {
    return unwrap(await (handler as (a: unknown) => unknown)({ request, context: { clientIp: ip }, params: {} }));
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: {}, headers: thrown.headers };
    const r = thrown as { type?: string; data?: unknown; init?: { status?: number } };
    if (r?.type === "DataWithResponseInit") return { status: r.init?.status ?? 500, body: { message: r.data }, headers: new Headers() };
    throw thrown;
  }
}

function unwrap(result: unknown): RouteAnswer {
  if (result instanceof Response) return { status: result.status, body: {}, headers: result.headers };
  const r = result as { type?: string; data?: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } | null };
  if (r && r.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, body: r.data ?? {}, headers: new Headers(r.init?.headers) };
  return { status: 200, body: result as Record<string, unknown>, headers: new Headers() };
}

/** The cookie header a browser would send back after these Set-Cookie headers. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/** Gives an existing user a password (better-auth's credential row), so /login can sign them in. */
export async function givePassword(db: Executor, userId: string, password: string, createdAt = new Date()): Promise<void> {
  await db.insert(authAccounts).values({
    id: `${userId}-credential`,
    accountId: userId,
    providerId: "credential",
    userId,
    password: await hashPassword(password),
    createdAt,
    updatedAt: createdAt,
  });
}

/** A verified account that signs in with its e-mail address and password (a member since `createdAt`). */
export async function insertSignInAccount(
  db: Executor,
  account: { id: string; name: string; email: string; password: string; createdAt?: Date; disabled?: boolean },
): Promise<void> {
  const createdAt = account.createdAt ?? new Date();
  await db.insert(users).values({ id: account.id, name: account.name, email: account.email, emailVerified: true, disabled: account.disabled ?? false, createdAt, updatedAt: createdAt });
  await givePassword(db, account.id, account.password, createdAt);
}
