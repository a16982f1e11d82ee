import type { Page } from "@playwright/test";
import {
  FACEBOOK_CLIENT_ID,
  GOOGLE_CLIENT_ID,
  type OAuthTestProvider,
  type SocialServer,
  SOCIAL_OUTBOX_DIR,
  startOAuthTestProvider,
  startSocialServer,
} from "../setup/social-e2e";
import { expect, listOutbox, readOutbox, test, uniqueEmail } from "./fixtures";

// Google and Facebook sign-in, end to end: the browser leaves for the provider, a local OAuth 2.0 /
// OpenID provider answers as Google or Facebook would, and the server's callback signs the
// visitor in. The main e2e server has no provider ids (buttons hidden); this spec starts a second
// server that has them (tests/setup/social-e2e.ts).

const PASSWORD = "Social-e2e-Pa55word!";

let provider: OAuthTestProvider;
let server: SocialServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  provider = await startOAuthTestProvider();
  server = await startSocialServer(provider);
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

const at = (path: string) => `${server.baseUrl}${path}`;

/** The providers' sign-in pages: the browser is sent to the local provider with the same query. */
async function routeProviderPages(page: Page) {
  for (const pattern of ["https://accounts.google.com/**", "https://www.facebook.com/**"]) {
    await page.route(pattern, (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({ status: 302, headers: { location: `${provider.issuerUrl}/authorize${url.search}` } });
    });
  }
}

function identity(name: string, email = uniqueEmail("social")) {
  return { sub: `sub-${Math.random().toString(36).slice(2)}`, email, name };
}

async function registerAndActivate(page: Page, name: string, email: string, activate: boolean) {
  const started = Date.now();
  await page.goto(at("/register"));
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("Name or Nickname").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByText("You are now a member")).toBeVisible();
  const mail = await readOutbox({ to: email, subjectIncludes: "Activate", after: started - 1000, dir: SOCIAL_OUTBOX_DIR });
  if (!activate) return;
  const link = mail.links.find((l) => l.includes("/compte/verification?token="));
  expect(link, "activation link").toBeTruthy();
  await page.goto(link!);
  // The link verifies the address and signs no one in, so the social sign-in starts signed out.
  await expect(page.getByRole("heading", { name: "Your email address is verified" })).toBeVisible();
}

async function signsInWith(page: Page) {
  await page.goto(at("/mon-compte"));
  return (await page.locator("dt", { hasText: "Signs in with" }).locator("xpath=following-sibling::dd[1]").textContent())?.trim();
}

test("the Google and Facebook buttons are hidden when their ids are not configured", async ({ page, checkA11y }) => {
  // The main e2e server runs without provider ids.
  await page.goto("/login");
  await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Continue with (Google|Facebook)/ })).toHaveCount(0);
  await page.goto("/register");
  await expect(page.getByRole("button", { name: /Continue with (Google|Facebook)/ })).toHaveCount(0);
  // And the server refuses the provider it does not know.
  const refused = await page.request.post("/login/social", { form: { provider: "google" }, headers: { origin: new URL(page.url()).origin }, maxRedirects: 0 });
  expect(refused.status()).toBe(400);

  // Configured: both show on the page and in the popup.
  await page.goto(at("/login"));
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Facebook" })).toBeVisible();
  await checkA11y(page);
  await page.goto(at("/"));
  await page.getByRole("link", { name: "LOGIN" }).click();
  const popup = page.getByRole("dialog");
  await expect(popup.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  await expect(popup.getByRole("button", { name: "Continue with Facebook" })).toBeVisible();
});

test("a first Google sign-in from the popup creates a verified account and signs in", async ({ page }) => {
  await routeProviderPages(page);
  const who = identity("Thandi Google");
  provider.signInAs({ ...who, emailVerified: true });

  // "My account" opens the popup for a signed-out visitor and asks to come back to /mon-compte.
  await page.goto(at("/guide-auto"));
  await page.getByRole("link", { name: "My account" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click();

  await expect(page).toHaveURL(at("/mon-compte"));
  await expect(page.getByTestId("header-user-name")).toHaveText(who.name, { timeout: 15_000 });

  // The server asked Google for the standard scopes with PKCE and our client id.
  const authorize = provider.authorizations.at(-1)!;
  expect(authorize.searchParams.get("client_id")).toBe(GOOGLE_CLIENT_ID);
  expect(authorize.searchParams.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("redirect_uri")).toBe(at("/api/auth/callback/google"));

  expect(await signsInWith(page)).toBe("Google");
  await expect(page.getByTestId("account-email")).toHaveText(who.email);
  // Google vouched for the address: no activation mail is sent for it.
  await page.waitForTimeout(500);
  expect((await listOutbox(SOCIAL_OUTBOX_DIR)).filter((m) => m.to.includes(who.email))).toHaveLength(0);

  // Signing in again finds the same account.
  await page.context().clearCookies();
  await page.goto(at("/login"));
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByTestId("header-user-name")).toHaveText(who.name, { timeout: 15_000 });
  expect(await signsInWith(page)).toBe("Google");
});

test("Google joins an existing verified account with the same email", async ({ page }) => {
  await routeProviderPages(page);
  const email = uniqueEmail("linked");
  await registerAndActivate(page, "Sipho Local", email, true);

  provider.signInAs({ ...identity("Sipho at Google", email), emailVerified: true });
  await page.goto(at("/login"));
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByTestId("header-user-name")).toHaveText("Sipho Local", { timeout: 15_000 });
  expect(await signsInWith(page)).toBe("Email and password, Google");
  await expect(page.getByTestId("account-email")).toHaveText(email);

  // The password still works for the same account.
  await page.context().clearCookies();
  await page.goto(at("/login"));
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in now" }).click();
  await expect(page.getByTestId("header-user-name")).toHaveText("Sipho Local", { timeout: 15_000 });
  expect(await signsInWith(page)).toBe("Email and password, Google");
});

test("an unverified account is not taken over by a social sign-in with its email", async ({ page }) => {
  await routeProviderPages(page);
  // Someone registered this address without proving it is theirs.
  const email = uniqueEmail("squatted");
  await registerAndActivate(page, "Not The Owner", email, false);

  // The address's owner then signs in with Google: refused, nothing is linked, no one is signed in.
  provider.signInAs({ ...identity("Real Owner", email), emailVerified: true });
  await page.goto(at("/login"));
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(page.getByText("Something went wrong, please try again later")).toBeVisible();
  await page.goto(at("/mon-compte"));
  await expect(page).toHaveURL(/\/login/);

  // The squatter's password still does not open the account (its email was not verified by the attempt).
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in now" }).click();
  await expect(page.getByText("Your account is not yet verified")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("header-user-name")).toHaveCount(0);

  // The owner takes the address back with "Forgot password": the link proves the mailbox is
  // theirs, replaces the unknown password and verifies the email. Google then joins the account.
  const asked = Date.now();
  await page.goto(at("/mot-de-passe-oublie"));
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a reset link" }).click();
  const reset = await readOutbox({ to: email, subjectIncludes: "Reset", after: asked - 1000, dir: SOCIAL_OUTBOX_DIR });
  await page.goto(reset.links.find((l) => l.includes("/mot-de-passe/nouveau?token="))!);
  const ownersPassword = `${PASSWORD}-owner`;
  await page.getByLabel("New password", { exact: true }).fill(ownersPassword);
  await page.getByLabel("Confirm password", { exact: true }).fill(ownersPassword);
  await page.getByRole("button", { name: "Save my new password" }).click();
  await expect(page).toHaveURL(/\/mon-compte/, { timeout: 15_000 });
  await page.context().clearCookies();

  await page.goto(at("/login"));
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByTestId("header-user-name")).toBeVisible({ timeout: 15_000 });
  expect(await signsInWith(page)).toBe("Email and password, Google");
});

test("a first Facebook sign-in creates the account and signs in", async ({ page }) => {
  await routeProviderPages(page);
  const who = identity("Lerato Facebook");
  provider.signInAs(who);

  await page.goto(at("/login"));
  await page.getByRole("button", { name: "Continue with Facebook" }).click();
  await expect(page.getByTestId("header-user-name")).toHaveText(who.name, { timeout: 15_000 });
  const authorize = provider.authorizations.at(-1)!;
  expect(authorize.searchParams.get("client_id")).toBe(FACEBOOK_CLIENT_ID);
  expect(authorize.searchParams.get("redirect_uri")).toBe(at("/api/auth/callback/facebook"));
  expect(await signsInWith(page)).toBe("Facebook");
  await expect(page.getByTestId("account-email")).toHaveText(who.email);
});

test("the server log holds neither the test password nor the links' secrets", async () => {
  const fs = await import("node:fs/promises");
  const path = await import("node:path");
  const log = await fs.readFile(path.join(SOCIAL_OUTBOX_DIR, "..", "server.log"), "utf8");
  expect(log.length).toBeGreaterThan(0);
  expect(log).not.toContain(PASSWORD);
  // Activation and reset tokens, OAuth codes and state are replaced in the request log.
  expect(log).toContain("/api/auth/callback/google?code=redacted");
  expect(log).not.toMatch(/[?&](token|code|state)=(?!redacted)/);
});
