// Database tests of the dealer dashboard (issue 46): its routes take the dealer id from the URL,
// so they are called with params, and signed in as a member through /login.
import { eq } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { dealerMembers } from "../../db/schema";
import type { DealerRole } from "../../db/schema/vocabulary";
import { insertSellerUser } from "./ad-fixtures";
import { call, cookieFrom, givePassword, ORIGIN, post, type RouteAnswer } from "./route-calls";

type Handler = (args: never) => unknown;

/** Calls a loader or action with route params, answering like route-calls' call(). */
export async function callWith(handler: Handler, request: Request, params: Record<string, string>): Promise<RouteAnswer> {
  const withParams = ((args: { request: Request; context: unknown }) => (handler as (a: unknown) => unknown)({ ...args, params })) as Handler;
  return call(withParams, request);
}

export function postTo(url: string, fields: Record<string, string | string[]>, cookie: string): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
    body: body.toString(),
  });
}

export function getAs(url: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${url}`, { headers: cookie ? { cookie } : {} });
}

/** A verified account, signed in: its id, address and session cookie. */
export async function signedInUser(db: Executor, loginAction: Handler, values: { name?: string; email?: string } = {}) {
  const user = await insertSellerUser(db, values);
  await givePassword(db, user.id, "Secret123");
  const login = await call(loginAction, post("/login", { email: user.email, password: "Secret123", redirectTo: "/mon-compte" }));
  if (login.status !== 302) throw new Error(`sign-in answered ${login.status}`);
  return { ...user, cookie: cookieFrom(login.headers) };
}

export async function addMember(db: Executor, dealerId: number, userId: string, role: DealerRole): Promise<void> {
  await db.insert(dealerMembers).values({ dealerId, userId, role });
}

export async function roleOf(db: Executor, dealerId: number, userId: string): Promise<DealerRole | undefined> {
  const rows = await db.select({ role: dealerMembers.role, dealerId: dealerMembers.dealerId }).from(dealerMembers).where(eq(dealerMembers.userId, userId));
  return rows.find((r) => r.dealerId === dealerId)?.role;
}
