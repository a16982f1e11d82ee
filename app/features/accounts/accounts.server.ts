import { APIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import { errors as joseErrors, type JWTPayload, jwtVerify } from "jose";
import { redirect } from "react-router";
import { isDatabaseUnavailableError } from "~/lib/database-outage.server";
import { db, type Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { hasSessionCookie } from "~/lib/http-cache";
import { logger } from "~/lib/logger.server";
import { redisEnabled } from "~/lib/redis.server";
import { rateLimit } from "~/lib/security.server";
import { contactMessages, newsletterSubscribers, sessions, users, verifications } from "../../../db/schema";
import { auth } from "./auth.server";
import { accountMessages as m } from "./messages";
import type { SignInField, SignInInput, SignUpField, SignUpInput } from "./schemas";
import { loginUrl } from "./urls";

// The account flows, on better-auth's server API. Each answer carries the specification's
// messages (section 8) and, on success, the Set-Cookie headers better-auth produced.

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
}

export interface Failure<F extends string> {
  ok: false;
  status: number;
  fieldErrors?: Partial<Record<F, string>>;
  formError?: string;
  /** Sign-up: the form is cleared ("other" errors, spec section 8). */
  reset?: boolean;
  /** Sign-in refused because the address is not verified (a new link can be asked for). */
  unverified?: boolean;
  retryAfterSeconds?: number;
}

interface AuthContext {
  request: Request;
  ip: string;
}

const TEN_MINUTES = 10 * 60_000;
/** Attempts on one email address per 10 minutes, whatever the address they come from. */
export const SIGN_IN_PER_EMAIL = 10;
/** Sign-up attempts with one email address per 10 minutes. */
const SIGN_UPS_PER_EMAIL = 5;
/** Password-reset mails per address per hour. */
const RESET_MAILS_PER_EMAIL = 3;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The answer inside a refusal of better-auth's API. Its schema refusals come from better-call's
 * own error class, not APIError, so both are read by shape. */
function apiErrorBody(error: unknown): { code?: string; message?: string } | undefined {
  if (!(error instanceof Error) || !("body" in error)) return undefined;
  const body = (error as { body?: unknown }).body;
  return body && typeof body === "object" ? (body as { code?: string; message?: string }) : undefined;
}

function errorCode(error: unknown): string | undefined {
  const code = apiErrorBody(error)?.code;
  if (code) return code;
  return error instanceof APIError ? error.statusCode?.toString() : undefined;
}

/**
 * The body field better-auth's own schema refused ("[body.email] Invalid email address"). Our
 * schemas check the same rules first; this keeps a disagreement a 400 under the field, never a 500.
 */
function refusedField(error: unknown): string | undefined {
  if (errorCode(error) !== "VALIDATION_ERROR") return undefined;
  const message = apiErrorBody(error)?.message ?? "";
  return /\[body\.(\w+)\]/.exec(message)?.[1];
}

async function limited<F extends string>(keys: { key: string; limit: number; windowMs: number }[]): Promise<Failure<F> | undefined> {
  for (const k of keys) {
    const result = await rateLimit(k.key, { limit: k.limit, windowMs: k.windowMs });
    if (!result.ok) return { ok: false, status: 429, formError: m.generic, retryAfterSeconds: result.retryAfterSeconds };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Sessions

function toSessionUser(user: { id: string; name: string; email: string; emailVerified: boolean; image?: string | null }): SessionUser {
  return { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified, image: user.image ?? null };
}

/** The signed-in user, or null. Requests without a session cookie never touch the database. */
export async function currentUser(request: Request): Promise<SessionUser | null> {
  if (!hasSessionCookie(request.headers.get("cookie"))) return null;
  try {
    const session = await auth().api.getSession({ headers: request.headers });
    if (!session || (session.user as { disabled?: boolean }).disabled) return null;
    // With Redis, the session and its copy of the user come from Redis, written at sign-in: an
    // account disabled since then must still be refused, and so must a session ended while Redis
    // was unreachable (its copy there could not be deleted), so ask the database (one key lookup).
    if (redisEnabled() && (await sessionEndedOrAccountDisabled(session.session.token))) return null;
    return toSessionUser(session.user);
  } catch (error) {
    // The database unreachable is an outage (a 503 page), not a signed-out visitor.
    if (isDatabaseUnavailableError(error)) throw error;
    logger.warn({ err: { message: (error as Error).message } }, "session lookup failed");
    return null;
  }
}

async function sessionEndedOrAccountDisabled(token: string): Promise<boolean> {
  const [row] = await db()
    .select({ disabled: users.disabled })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, token))
    .limit(1);
  return !row || row.disabled;
}

/** For protected loaders and actions: the user, or a redirect to /login?redirectTo=(this page). */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await currentUser(request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(loginUrl(`${url.pathname}${url.search}`));
}

// ---------------------------------------------------------------------------------------------
// Sign in

let timingHash: Promise<string> | undefined;

/** A real hash to verify against when there is no user, so both answers cost one scrypt. */
async function spendPasswordCheck(password: string): Promise<void> {
  const context = await auth().$context;
  timingHash ??= context.password.hash("timing-equaliser-Voitura-1");
  await context.password.verify({ hash: await timingHash, password });
}

type SignInResult = { ok: true; headers: Headers; user: SessionUser } | Failure<SignInField>;

export async function signIn(input: SignInInput, ctx: AuthContext): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const tooMany = await limited<SignInField>([
    { key: `signin:ip:${ctx.ip}`, limit: env().RATE_LIMIT_AUTH, windowMs: TEN_MINUTES },
    { key: `signin:email:${email}`, limit: SIGN_IN_PER_EMAIL, windowMs: TEN_MINUTES },
  ]);
  if (tooMany) return tooMany;

  const [existing] = await db().select({ id: users.id, disabled: users.disabled }).from(users).where(eq(users.email, email)).limit(1);
  if (!existing || existing.disabled) {
    await spendPasswordCheck(input.password);
    return existing
      ? { ok: false, status: 403, fieldErrors: { email: m.accountDisabled } }
      : { ok: false, status: 401, fieldErrors: { email: m.userNotFound } };
  }
  try {
    const { headers, response } = await auth().api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: ctx.request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers, user: toSessionUser(response.user) };
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD") return { ok: false, status: 401, fieldErrors: { password: m.incorrectPassword } };
    if (code === "EMAIL_NOT_VERIFIED") return { ok: false, status: 403, formError: m.notVerified, unverified: true };
    if (code === "INVALID_EMAIL" || refusedField(error) === "email") return { ok: false, status: 400, fieldErrors: { email: m.invalidEmail } };
    if (refusedField(error) === "password") return { ok: false, status: 401, fieldErrors: { password: m.incorrectPassword } };
    logger.error({ err: { message: (error as Error).message, code } }, "sign-in failed");
    return { ok: false, status: 500, formError: m.generic };
  }
}

// ---------------------------------------------------------------------------------------------
// Sign up

type SignUpResult = { ok: true; email: string } | Failure<SignUpField>;

export async function signUp(input: SignUpInput, ctx: AuthContext): Promise<SignUpResult> {
  const email = normaliseEmail(input.email);
  const tooMany = await limited<SignUpField>([
    { key: `signup:ip:${ctx.ip}`, limit: env().RATE_LIMIT_AUTH, windowMs: TEN_MINUTES },
    { key: `signup:email:${email}`, limit: SIGN_UPS_PER_EMAIL, windowMs: TEN_MINUTES },
  ]);
  // Like any other unexpected answer, the form starts again (spec section 8).
  if (tooMany) return { ...tooMany, reset: true };

  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return { ok: false, status: 409, fieldErrors: { email: m.emailInUse } };
  try {
    await auth().api.signUpEmail({
      body: { name: input.name, email, password: input.password, callbackURL: "/" },
      headers: ctx.request.headers,
    });
    return { ok: true, email };
  } catch (error) {
    const code = errorCode(error);
    if (code?.startsWith("USER_ALREADY_EXISTS")) return { ok: false, status: 409, fieldErrors: { email: m.emailInUse } };
    if (code === "INVALID_EMAIL" || refusedField(error) === "email") return { ok: false, status: 400, fieldErrors: { email: m.invalidEmail } };
    if (refusedField(error) === "name") return { ok: false, status: 400, fieldErrors: { name: m.nameRequired } };
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG" || code === "INVALID_PASSWORD" || refusedField(error) === "password") {
      return { ok: false, status: 400, fieldErrors: { password: m.weakPassword } };
    }
    logger.error({ err: { message: (error as Error).message, code } }, "sign-up failed");
    return { ok: false, status: 500, formError: m.generic, reset: true };
  }
}

// ---------------------------------------------------------------------------------------------
// Email verification

type VerificationOutcome = { status: "verified" | "used"; email: string } | { status: "expired" | "invalid" };

/**
 * Opens an activation link: verifies the address, and signs no one in. The link may be opened in
 * a browser that is not its owner's (someone can mail a victim their own link), so the visitor
 * then signs in with the password. The token's signature is checked before anything is read from
 * it: a forged one names whatever address its maker chose.
 */
export async function verifyEmail(token: string, request: Request): Promise<VerificationOutcome> {
  let claims: JWTPayload;
  try {
    const { secret } = await auth().$context;
    ({ payload: claims } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"] }));
  } catch (error) {
    // jose checks the expiry only once the signature holds.
    return { status: error instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
  }
  // A link of an address change (updateTo) is one the site never sends.
  if (typeof claims.email !== "string" || "updateTo" in claims) return { status: "invalid" };
  const email = normaliseEmail(claims.email);
  const [user] = await db().select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return { status: "invalid" };
  if (user.emailVerified) return { status: "used", email };
  // better-auth marks the address verified; it makes no session (autoSignInAfterVerification is off).
  const response = await auth().api.verifyEmail({ query: { token }, headers: request.headers, asResponse: true });
  if (response.ok) return { status: "verified", email };
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return { status: body.code === "TOKEN_EXPIRED" ? "expired" : "invalid" };
}

/** Sends a new activation link when the address has an account waiting for it; says nothing either way. */
export async function resendVerification(emailInput: string, ctx: AuthContext): Promise<{ ok: true } | Failure<"email">> {
  const email = normaliseEmail(emailInput);
  const tooMany = await limited<"email">([
    { key: `verify:ip:${ctx.ip}`, limit: env().RATE_LIMIT_AUTH, windowMs: TEN_MINUTES },
    { key: `verify:email:${email}`, limit: RESET_MAILS_PER_EMAIL, windowMs: 6 * TEN_MINUTES },
  ]);
  if (tooMany) return tooMany;
  const [user] = await db().select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, email)).limit(1);
  if (user && !user.emailVerified) {
    await auth().api.sendVerificationEmail({ body: { email, callbackURL: "/" }, headers: ctx.request.headers });
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Forgotten password

export async function requestPasswordReset(emailInput: string, ctx: AuthContext): Promise<{ ok: true } | Failure<"email">> {
  const email = normaliseEmail(emailInput);
  const tooMany = await limited<"email">([
    { key: `reset:ip:${ctx.ip}`, limit: env().RATE_LIMIT_AUTH, windowMs: TEN_MINUTES },
    { key: `reset:email:${email}`, limit: RESET_MAILS_PER_EMAIL, windowMs: 6 * TEN_MINUTES },
  ]);
  if (tooMany) return tooMany;
  const [user] = await db().select({ disabled: users.disabled }).from(users).where(eq(users.email, email)).limit(1);
  // Unknown and disabled addresses get the same answer and no mail.
  if (user && !user.disabled) {
    await auth().api.requestPasswordReset({ body: { email, redirectTo: "/" }, headers: ctx.request.headers });
  }
  return { ok: true };
}

/** The user a reset link belongs to while it is unused and unexpired. */
export async function passwordResetUser(token: string): Promise<{ id: string; email: string; name: string } | null> {
  if (!/^[A-Za-z0-9_-]{10,200}$/.test(token)) return null;
  const context = await auth().$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt.getTime() <= Date.now()) return null;
  const [user] = await db()
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.id, verification.value), eq(users.disabled, false)))
    .limit(1);
  return user ?? null;
}

type ResetResult = { ok: true; headers: Headers } | { ok: false; status: number; expired?: boolean; formError?: string };

/** Sets the new password (ends every session, sends the notice mail), then signs the user in here. */
export async function resetPassword(token: string, password: string, ctx: AuthContext): Promise<ResetResult> {
  const user = await passwordResetUser(token);
  if (!user) return { ok: false, status: 410, expired: true };
  try {
    await auth().api.resetPassword({ body: { token, newPassword: password }, headers: ctx.request.headers });
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_TOKEN") return { ok: false, status: 410, expired: true };
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG" || refusedField(error) === "newPassword") {
      return { ok: false, status: 400, formError: m.weakPassword };
    }
    logger.error({ err: { message: (error as Error).message, code } }, "password reset failed");
    return { ok: false, status: 500, formError: m.generic };
  }
  const signedIn = await auth().api.signInEmail({
    body: { email: user.email, password, rememberMe: true },
    headers: ctx.request.headers,
    returnHeaders: true,
  });
  return { ok: true, headers: signedIn.headers };
}

// ---------------------------------------------------------------------------------------------
// Signed-in actions

/** Ends this browser's session (server side too) and clears its cookie. */
export async function signOut(request: Request): Promise<Headers> {
  try {
    const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    return headers;
  } catch {
    // No session: still clear what the browser holds.
    return clearSessionCookies();
  }
}

function clearSessionCookies(): Headers {
  const headers = new Headers();
  for (const name of ["voitura.session_token", "__Secure-voitura.session_token"]) {
    headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure") ? "; Secure" : ""}`);
  }
  return headers;
}

type ChangePasswordResult = { ok: true; headers: Headers } | Failure<"current_password" | "password">;

/** Changes the password and signs out every other device; this one gets a new session. */
export async function changePassword(request: Request, currentPassword: string, newPassword: string): Promise<ChangePasswordResult> {
  try {
    const { headers } = await auth().api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_PASSWORD" || code === "INVALID_EMAIL_OR_PASSWORD") {
      return { ok: false, status: 400, fieldErrors: { current_password: m.incorrectPassword } };
    }
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG" || refusedField(error) === "newPassword") {
      return { ok: false, status: 400, fieldErrors: { password: m.weakPassword } };
    }
    if (refusedField(error) === "currentPassword") return { ok: false, status: 400, fieldErrors: { current_password: m.incorrectPassword } };
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      return { ok: false, status: 400, formError: "Your account signs in with Google or Facebook: use “Forgot password” to add a password." };
    }
    logger.error({ err: { message: (error as Error).message, code } }, "password change failed");
    return { ok: false, status: 500, formError: m.generic };
  }
}

/** Ends every session of the user, this one included. */
export async function signOutEverywhere(request: Request, userId: string): Promise<Headers> {
  try {
    await auth().api.revokeSessions({ headers: request.headers });
  } finally {
    await db().delete(sessions).where(eq(sessions.userId, userId));
  }
  return clearSessionCookies();
}

/**
 * POPIA: removes the account and the personal data tied to it in one transaction: sign-in
 * methods, sessions (cascade), the newsletter subscription and the messages sent from the
 * address. Rows added later for ads, reviews and favourites reference users.id with ON DELETE CASCADE.
 * `removeAlso` deletes, in the same transaction, what other features keep about the user.
 */
export async function deleteAccount(request: Request, user: SessionUser, removeAlso: (tx: Executor) => Promise<void>): Promise<Headers> {
  await auth()
    .api.revokeSessions({ headers: request.headers })
    .catch(() => undefined);
  await db().transaction(async (tx) => {
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email));
    await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${user.email}`);
    // Unused password-reset links (their value is the user id).
    await tx.delete(verifications).where(eq(verifications.value, user.id));
    await removeAlso(tx);
    // ON DELETE CASCADE takes the rest in this same transaction: sessions and sign-in methods, the
    // user's ads (with their photo rows, prices, contacts and favourites), posting drafts,
    // favourites, saved searches, messages sent to sellers, reports and owner reviews. The photo
    // files are left to the storage cleanup job, which removes uploads nothing refers to any more.
    await tx.delete(users).where(eq(users.id, user.id));
  });
  logger.info({ userId: user.id }, "account deleted");
  return clearSessionCookies();
}

/** The ways this user signs in ("credential" for a password, else the provider), for /mon-compte. */
export async function signInMethods(userId: string): Promise<string[]> {
  const context = await auth().$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  return accounts.map((a) => a.providerId);
}
