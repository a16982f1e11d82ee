import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterSubscribers, sessions, users } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { emptyOutbox, outboxMails } from "../../../tests/setup/outbox";

// env() caches on first use: set the folder and settings before anything reads them.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-accounts-"));
process.env.DATA_DIR = dataDir;
process.env.CAPTCHA = "off";
process.env.AUTH_SECRET = "accounts-test-secret-0123456789-abcdefghij";
process.env.RATE_LIMIT_AUTH = "1000";
delete process.env.SMTP_URL;
delete process.env.PUBLIC_URL;
delete process.env.REDIS_URL;
delete process.env.GOOGLE_CLIENT_ID;
delete process.env.FACEBOOK_CLIENT_ID;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { action: loginAction, loader: loginLoader } = await import("~/routes/accounts/login");
const { action: registerAction } = await import("~/routes/accounts/register");
const { action: forgotAction } = await import("~/routes/accounts/forgot-password");
const { action: newPasswordAction, loader: newPasswordLoader } = await import("~/routes/accounts/new-password");
const { loader: verifyLoader } = await import("~/routes/accounts/verify-email");
const { action: accountAction, loader: accountLoader } = await import("~/routes/accounts/my-account");
const { action: logoutAction } = await import("~/routes/accounts/logout");
const { currentUser, SIGN_IN_PER_EMAIL, signUp: signUpDirect } = await import("./accounts.server");
const { db } = await import("~/lib/db.server");
const { accountMessages: m } = await import("./messages");

const ORIGIN = "http://localhost:3000";
let ipCounter = 0;

function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function get(url: string, cookie?: string) {
  return new Request(`${ORIGIN}${url}`, { headers: cookie ? { cookie } : {} });
}

type Handler = (args: never) => unknown;
/** Runs a route action or loader the way React Router would: thrown Responses are answers too. */
async function call(handler: Handler, request: Request, ip = `10.1.0.${++ipCounter}`) {
  try {
    return unwrap(await (handler as (a: unknown) => unknown)({ request, context: { clientIp: ip }, params: {} }));
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: {} as Record<string, unknown>, headers: thrown.headers };
    const r = thrown as { type?: string; data?: unknown; init?: { status?: number } };
    if (r?.type === "DataWithResponseInit") return { status: r.init?.status ?? 500, body: { message: r.data } as Record<string, unknown>, headers: new Headers() };
    throw thrown;
  }
}

function unwrap(result: unknown): { status: number; body: Record<string, unknown>; headers: Headers } {
  if (result instanceof Response) return { status: result.status, body: {}, headers: result.headers };
  const r = result as { type?: string; data?: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } | null };
  if (r && r.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, body: r.data ?? {}, headers: new Headers(r.init?.headers) };
  return { status: 200, body: result as Record<string, unknown>, headers: new Headers() };
}

/** The cookie header a browser would send back after these Set-Cookie headers. */
function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

const mails = () => outboxMails(dataDir);

function lastLink(pathPrefix: string, to: string): string {
  const mail = mails()
    .filter((raw) => raw.includes(to))
    .at(-1);
  const match = mail?.match(new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9._%-]+`));
  if (!match) throw new Error(`no ${pathPrefix} link mailed to ${to}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

const password = "Secret123";
async function register(email: string, name = "Thabo Mokoena") {
  return call(registerAction, post("/register", { name, email, password, confirm_password: password }));
}
async function signIn(email: string, pw = password, ip?: string) {
  return call(loginAction, post("/login", { email, password: pw, redirectTo: "/mon-compte" }), ip);
}
/** Registers and opens the activation link (which signs no one in). */
async function registerActivated(email: string, name = "Thabo Mokoena") {
  await register(email, name);
  const verified = await call(verifyLoader, get(lastLink("/compte/verification", email)));
  expect(verified).toMatchObject({ status: 200, body: { status: "verified" } });
}
/** Registers, opens the activation link, then signs in: the session cookie. */
async function registerVerified(email: string, name = "Thabo Mokoena") {
  await registerActivated(email, name);
  const signedIn = await signIn(email);
  expect(signedIn.status).toBe(302);
  return cookieFrom(signedIn.headers);
}
/** An activation token for `email`, signed with a secret that is not the site's. */
function forgedToken(email: string): Promise<string> {
  return new SignJWT({ email }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("1h").sign(new TextEncoder().encode("not-the-site-secret-0123456789-abcdef"));
}
/** The same token with its payload's email swapped, the signature kept. */
function tamperedToken(token: string, email: string): string {
  const [header, payload, signature] = token.split(".") as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, email })).toString("base64url"), signature].join(".");
}

describe("accounts (database)", () => {
  useTestDatabase();
  beforeEach(() => emptyOutbox(dataDir));

  it("registers an unverified member, mails the activation link, and refuses the same email twice", async () => {
    const result = await register("  Thabo@Example.co.za ");
    expect(result).toMatchObject({ status: 200, body: { ok: true, email: "thabo@example.co.za" } });
    const [row] = await db().select().from(users).where(eq(users.email, "thabo@example.co.za"));
    expect(row).toMatchObject({ name: "Thabo Mokoena", emailVerified: false });
    expect(lastLink("/compte/verification", "thabo@example.co.za")).toMatch(/^\/compte\/verification\?token=/);

    const again = await register("THABO@example.co.za");
    expect(again).toMatchObject({ status: 409, body: { ok: false, fieldErrors: { email: m.emailInUse } } });
  });

  it("answers a request that skips the page with the same messages", async () => {
    const bad = await call(registerAction, post("/register", { name: "", email: "x@y", password: "weak", confirm_password: "other" }));
    expect(bad).toMatchObject({
      status: 400,
      body: { fieldErrors: { name: m.nameRequired, email: m.invalidEmail, password: m.passwordRules, confirm_password: m.confirmationMismatch } },
    });
    const noPassword = await call(loginAction, post("/login", { email: "not-an-email" }));
    expect(noPassword).toMatchObject({ status: 400, body: { fieldErrors: { email: m.invalidEmail, password: m.passwordRequired } } });
  });

  it("refuses an address better-auth would refuse with 400 and the spec's message, on every form that takes one", async () => {
    // A scanner's probe: a well-formed address followed by ¿'"( (issue 13: it used to answer 500).
    const hostile = "wapiti2021@mailinator.com¿'\"(";
    const fields = { name: "Wapiti", email: hostile, password: "Secret123", confirm_password: "Secret123" };
    expect(await call(registerAction, post("/register", fields))).toMatchObject({ status: 400, body: { fieldErrors: { email: m.invalidEmail } } });
    expect(await call(loginAction, post("/login", { email: hostile, password: "Secret123" }))).toMatchObject({
      status: 400,
      body: { fieldErrors: { email: m.invalidEmail } },
    });
    expect(await call(forgotAction, post("/mot-de-passe-oublie", { email: hostile }))).toMatchObject({
      status: 400,
      body: { fieldErrors: { email: m.invalidEmail } },
    });
    for (const odd of ["odd@example.co.za.", "odd..one@example.co.za", "odd@-example.co.za", "odd@example.c"]) {
      const answer = await call(registerAction, post("/register", { ...fields, email: odd }));
      expect(answer, odd).toMatchObject({ status: 400, body: { fieldErrors: { email: m.invalidEmail } } });
    }
    // Past the schema, better-auth's own refusal is still a 400 under the field.
    const direct = await signUpDirect(
      { name: "Wapiti", email: hostile, password: "Secret123", confirm_password: "Secret123" },
      { request: post("/register", {}), ip: "10.9.9.9" },
    );
    expect(direct).toMatchObject({ ok: false, status: 400, fieldErrors: { email: m.invalidEmail } });
    const written = await db().select({ email: users.email }).from(users);
    expect(written.filter((u) => /^(wapiti|odd)/.test(u.email))).toEqual([]);
  });

  it("gives each sign-in error its own message and field", async () => {
    await register("lerato@example.co.za", "Lerato");
    expect(await signIn("lerato@example.co.za")).toMatchObject({ status: 403, body: { formError: m.notVerified, unverified: true } });
    expect(await signIn("nobody@example.co.za")).toMatchObject({ status: 401, body: { fieldErrors: { email: m.userNotFound } } });

    await db().update(users).set({ emailVerified: true }).where(eq(users.email, "lerato@example.co.za"));
    expect(await signIn("lerato@example.co.za", "Wrong1234")).toMatchObject({ status: 401, body: { fieldErrors: { password: m.incorrectPassword } } });

    await db().update(users).set({ disabled: true }).where(eq(users.email, "lerato@example.co.za"));
    expect(await signIn("lerato@example.co.za")).toMatchObject({ status: 403, body: { fieldErrors: { email: m.accountDisabled } } });
  });

  it("verifies the address with the mailed link without signing anyone in, and says so when the link is used again", async () => {
    await register("sipho@example.co.za", "Sipho");
    const link = lastLink("/compte/verification", "sipho@example.co.za");
    // Opened in any browser (the one of someone the link was sent to, say): no session is made.
    const verified = await call(verifyLoader, get(link));
    expect(verified).toMatchObject({ status: 200, body: { status: "verified", email: "sipho@example.co.za" } });
    expect(verified.headers.getSetCookie()).toEqual([]);
    const [row] = await db().select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, "sipho@example.co.za"));
    expect(row?.emailVerified).toBe(true);
    const [made] = await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, row!.id));
    expect(made?.n).toBe(0);

    // The page's form signs in with the password, and comes back to the account's welcome.
    const signedIn = await call(loginAction, post("/login", { email: "sipho@example.co.za", password, redirectTo: "/mon-compte?notice=verified" }));
    expect(signedIn.headers.get("location")).toBe("/mon-compte?notice=verified");
    expect(await currentUser(get("/", cookieFrom(signedIn.headers)))).toMatchObject({ name: "Sipho", emailVerified: true });

    expect(await call(verifyLoader, get(link))).toMatchObject({ status: 200, body: { status: "used", email: "sipho@example.co.za" } });
    expect(await call(verifyLoader, get("/compte/verification?token=not.a.jwt"))).toMatchObject({ status: 400, body: { status: "invalid" } });
  });

  it("refuses a forged or tampered activation link before reading anything from it", async () => {
    await registerVerified("verified@example.co.za", "Vusi");
    await register("waiting@example.co.za", "Wendy");
    const genuine = new URL(lastLink("/compte/verification", "waiting@example.co.za"), ORIGIN).searchParams.get("token")!;
    const forged = [await forgedToken("verified@example.co.za"), await forgedToken("waiting@example.co.za"), tamperedToken(genuine, "verified@example.co.za")];
    for (const token of forged) {
      const answer = await call(verifyLoader, get(`/compte/verification?token=${encodeURIComponent(token)}`));
      // The same answer whoever the token names: it tells nothing of the accounts.
      expect(answer, token).toMatchObject({ status: 400, body: { status: "invalid" } });
      expect(answer.body).not.toHaveProperty("email");
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    const [waiting] = await db().select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, "waiting@example.co.za"));
    expect(waiting?.emailVerified).toBe(false);
  });

  it("signs in with a new HttpOnly Lax session cookie, refuses other sites, and ends the session on logout", async () => {
    await registerVerified("ayesha@example.co.za", "Ayesha");
    const result = await signIn("ayesha@example.co.za");
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/mon-compte");
    const setCookie = result.headers.getSetCookie().find((c) => c.startsWith("voitura.session_token="));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = cookieFrom(result.headers);

    const again = await signIn("ayesha@example.co.za");
    expect(cookieFrom(again.headers)).not.toBe(cookie);

    // The popup gets data, not a redirect.
    const popup = await call(loginAction, post("/login", { email: "ayesha@example.co.za", password, via: "popup" }));
    expect(popup).toMatchObject({ status: 200, body: { ok: true, user: { name: "Ayesha" } } });

    const openRedirect = await call(loginAction, post("/login", { email: "ayesha@example.co.za", password, redirectTo: "//evil.example/" }));
    expect(openRedirect.headers.get("location")).toBe("/");

    const crossSite = await call(loginAction, post("/login", { email: "ayesha@example.co.za", password }, { origin: "https://evil.example" }));
    expect(crossSite.status).toBe(403);

    const signedIn = await call(loginLoader, get("/login", cookie));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/");

    const out = await call(logoutAction, post("/logout", {}, { cookie }));
    expect(out.status).toBe(302);
    expect(await currentUser(get("/", cookie))).toBeNull();
    const protectedPage = await call(accountLoader, get("/mon-compte", cookie));
    expect(protectedPage.status).toBe(302);
    expect(protectedPage.headers.get("location")).toBe("/login?redirectTo=%2Fmon-compte");
  });

  it("answers 429 with the generic message once an address is tried too often", async () => {
    await registerActivated("megan@example.co.za", "Megan");
    for (let i = 0; i < SIGN_IN_PER_EMAIL; i++) {
      expect((await signIn("megan@example.co.za", "Wrong1234", `10.9.${i}.1`)).status).toBe(401);
    }
    const blocked = await signIn("megan@example.co.za", password, "10.9.99.1");
    expect(blocked).toMatchObject({ status: 429, body: { formError: m.generic } });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("resets a forgotten password with a single-use link, ends other sessions, signs in and sends a notice", async () => {
    const firstCookie = await registerVerified("pieter@example.co.za", "Pieter");
    const answer = await call(forgotAction, post("/mot-de-passe-oublie", { email: "pieter@example.co.za" }));
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    const unknown = await call(forgotAction, post("/mot-de-passe-oublie", { email: "ghost@example.co.za" }));
    expect(unknown).toMatchObject({ status: 200, body: { ok: true } });

    const link = lastLink("/mot-de-passe/nouveau", "pieter@example.co.za");
    expect(await call(newPasswordLoader, get(link))).toMatchObject({ body: { valid: true, email: "pieter@example.co.za" } });
    const token = new URL(link, ORIGIN).searchParams.get("token") as string;

    const weak = await call(newPasswordAction, post(link, { token, password: "weak", confirm_password: "weak" }));
    expect(weak).toMatchObject({ status: 400, body: { fieldErrors: { password: m.passwordRules } } });

    const done = await call(newPasswordAction, post(link, { token, password: "NewSecret456", confirm_password: "NewSecret456" }));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/mon-compte?notice=password-reset");
    expect(await currentUser(get("/", cookieFrom(done.headers)))).toMatchObject({ email: "pieter@example.co.za" });
    expect(await currentUser(get("/", firstCookie))).toBeNull();
    expect(mails().some((raw) => raw.includes("Subject: Your Voitura password was changed") && raw.includes("pieter@example.co.za"))).toBe(true);

    expect(await call(newPasswordLoader, get(link))).toMatchObject({ body: { valid: false } });
    const reused = await call(newPasswordAction, post(link, { token, password: "Other789Abc", confirm_password: "Other789Abc" }));
    expect(reused).toMatchObject({ status: 410, body: { expired: true } });
    expect((await signIn("pieter@example.co.za", "NewSecret456")).status).toBe(302);
  });

  it("changes the password from /mon-compte and checks the current one", async () => {
    const cookie = await registerVerified("zanele@example.co.za", "Zanele");
    const wrong = await call(
      accountAction,
      post("/mon-compte", { intent: "change-password", current_password: "Nope12345", password: "Fresh1234", confirm_password: "Fresh1234" }, { cookie }),
    );
    expect(wrong).toMatchObject({ status: 400, body: { fieldErrors: { current_password: m.incorrectPassword } } });
    const changed = await call(
      accountAction,
      post("/mon-compte", { intent: "change-password", current_password: password, password: "Fresh1234", confirm_password: "Fresh1234" }, { cookie }),
    );
    expect(changed).toMatchObject({ status: 200, body: { ok: true } });
    expect((await signIn("zanele@example.co.za", "Fresh1234")).status).toBe(302);
  });

  it("signs out everywhere and deletes the account with its personal data in one go", async () => {
    const cookie = await registerVerified("naledi@example.co.za", "Naledi");
    const other = cookieFrom((await signIn("naledi@example.co.za")).headers);
    const everywhere = await call(accountAction, post("/mon-compte", { intent: "sign-out-everywhere" }, { cookie }));
    expect(everywhere.status).toBe(302);
    expect(await currentUser(get("/", other))).toBeNull();

    const fresh = cookieFrom((await signIn("naledi@example.co.za")).headers);
    const [naledi] = await db().select({ id: users.id }).from(users).where(eq(users.email, "naledi@example.co.za"));
    await db().insert(newsletterSubscribers).values({
      email: "naledi@example.co.za",
      unsubscribeTokenHash: "x".repeat(64),
      consentText: "consent",
      consentedAt: new Date(),
    });
    const unconfirmed = await call(accountAction, post("/mon-compte", { intent: "delete-account", confirmation: "delete me" }, { cookie: fresh }));
    expect(unconfirmed).toMatchObject({ status: 400, body: { fieldErrors: { confirmation: "Type DELETE to confirm" } } });

    const deleted = await call(accountAction, post("/mon-compte", { intent: "delete-account", confirmation: "DELETE" }, { cookie: fresh }));
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/compte/supprime");
    const [left] = await db().select({ n: count() }).from(users).where(eq(users.email, "naledi@example.co.za"));
    expect(left?.n).toBe(0);
    const [subscriptions] = await db().select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "naledi@example.co.za"));
    expect(subscriptions?.n).toBe(0);
    const [orphans] = await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, naledi?.id as string));
    expect(orphans?.n).toBe(0);
    expect(await signIn("naledi@example.co.za")).toMatchObject({ status: 401, body: { fieldErrors: { email: m.userNotFound } } });
  });
});
