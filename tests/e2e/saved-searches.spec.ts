import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { request as playwrightRequest } from "@playwright/test";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, PROJECT_ROOT } from "../setup/e2e-paths";
import { expect, readOutbox, registerAndActivate, test, uniqueEmail } from "./fixtures";

// Saved searches and their alerts, end to end: a visitor saves a used-car search (login popup,
// then saved), finds it in /mon-compte/recherches with its criteria in words and its new ad, the
// daily alert job is run by hand (npm run jobs:run, which asks this running server since it holds
// the embedded database), the mail lists the ad with RFC 8058 headers, and its unsubscribe link
// switches the alerts off, as does the mail provider's one-click POST with no cookie.
//
// The new matching ad is the fixture Datsun (tests/setup/e2e-marketplace.ts): published six hours
// after the server's start, so it is newer than any search saved during the run.

const SEARCH = "/marche-doccasion/rechercher?make1=datsun";
const run = promisify(execFile);

async function runAlertsJob(): Promise<string> {
  const { stdout } = await run("npm", ["run", "--silent", "jobs:run", "--", "saved-search-alerts"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT), DATABASE_URL: "" },
  });
  return stdout;
}

test("save a search, get its new ad by mail, unsubscribe from the link and by one-click POST", async ({ browser, checkA11y }) => {
  // A long journey: two sign-ins, two runs of the job script, five axe scans.
  test.setTimeout(180_000);
  const email = uniqueEmail("saved-search");
  const signUp = await browser.newContext();
  await registerAndActivate(await signUp.newPage(), "Sipho", email);
  await signUp.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(SEARCH);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1, name: "1 used car for sale" })).toBeVisible();
  await checkA11y(page);

  // A visitor: the login popup first, then the search is saved in place.
  await page.getByRole("button", { name: "Save this search" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Sign in" })).toBeVisible({ timeout: 15_000 });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("Secret123");
  await dialog.getByRole("button", { name: "Sign in now" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Search saved" })).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Added to your saved searches" })).toBeVisible();

  // The list: name and criteria in words, the Datsun counted as new, alerts on.
  await page.goto("/mon-compte/recherches");
  const item = page.getByTestId("saved-search");
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("heading", { name: "Datsun" })).toBeVisible();
  await expect(item.getByText("1 new ad")).toBeVisible();
  const alertsSwitch = item.getByRole("switch", { name: "Mail alerts for Datsun" });
  await expect(alertsSwitch).toHaveAttribute("aria-checked", "true");
  await checkA11y(page);

  // Rename inline.
  await item.getByText("Rename").click();
  await item.getByLabel("New name for Datsun").fill("Cheap Datsun");
  await item.getByRole("button", { name: "Save name" }).click();
  await expect(item.getByRole("heading", { name: "Cheap Datsun" })).toBeVisible();

  // The daily alert, run by hand against this server.
  const started = Date.now();
  expect(await runAlertsJob()).toMatch(/saved-search-alerts \(run by the server\): \{"searches":\d+,"mails":[1-9]/);
  const mail = await readOutbox({ to: email, subjectIncludes: "Cheap Datsun", after: started - 1000 });
  expect(mail.subject).toBe("1 new ad for your saved search “Cheap Datsun”");
  expect(mail.text).toContain("2018 Datsun GO 1.2 Lux");
  expect(mail.text).toContain("R 84 900");
  expect(mail.text).toContain("Johannesburg");
  const unsubscribe = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1];
  expect(unsubscribe).toMatch(new RegExp(`^${E2E_BASE_URL}/alertes/desabonnement\\?token=\\d+\\.[\\w-]{32}$`));
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.links).toContain(unsubscribe);
  // A second run sends nothing more to this search (the script returns once the job has run).
  const again = Date.now();
  await runAlertsJob();
  await expect(readOutbox({ to: email, after: again, timeout: 0 })).rejects.toThrow(/No mail/);

  // The link in the mail: a page that asks, then stops the alerts.
  await page.goto(unsubscribe!);
  await expect(page.getByRole("heading", { level: 1, name: "Stop the alerts for «Cheap Datsun»?" })).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "Stop these alerts" }).click();
  await expect(page.getByText("You will no longer receive alerts for «Cheap Datsun».")).toBeVisible();
  await checkA11y(page);
  await page.getByRole("link", { name: "your saved searches" }).click();
  await expect(page.getByRole("switch", { name: "Mail alerts for Cheap Datsun" })).toHaveAttribute("aria-checked", "false");

  // Back on with the switch, then the mail provider's one-click POST: no cookie, no Origin.
  await page.getByRole("switch", { name: "Mail alerts for Cheap Datsun" }).click();
  await expect(page.getByRole("switch", { name: "Mail alerts for Cheap Datsun" })).toHaveAttribute("aria-checked", "true");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Mail alerts for Cheap Datsun" })).toHaveAttribute("aria-checked", "true");
  const provider = await playwrightRequest.newContext();
  const oneClick = await provider.post(unsubscribe!, { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);
  await provider.dispose();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Mail alerts for Cheap Datsun" })).toHaveAttribute("aria-checked", "false");

  // A damaged token is a 400 page with a message.
  const bad = await page.goto(`${unsubscribe!.slice(0, -4)}AAAA`);
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not valid");

  // The list's link runs the search (that it marks the ads seen is a database test: this
  // fixture ad's publication lies after any moment of the run); deleting leaves the empty state.
  await page.goto("/mon-compte/recherches");
  await page.getByRole("link", { name: "Show the ads of Cheap Datsun" }).click();
  await expect(page).toHaveURL(SEARCH);
  await page.goto("/mon-compte/recherches");
  await page.getByRole("button", { name: "Delete the saved search Cheap Datsun" }).click();
  await expect(page.getByTestId("saved-searches-empty")).toBeVisible();
  await checkA11y(page);
  await context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor is sent to sign in and back; a signed-in user's save lands in the list", async ({ page, browser }) => {
    await page.goto(SEARCH);
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(SEARCH)}`);

    // Signed up with scripts (the sign-up captcha needs them), then browsing without.
    const email = uniqueEmail("saved-search-nojs");
    const signUp = await browser.newContext();
    await registerAndActivate(await signUp.newPage(), "Naledi", email);
    const signedIn = await browser.newContext({ javaScriptEnabled: false, storageState: await signUp.storageState() });
    await signUp.close();
    page = await signedIn.newPage();
    await page.goto(SEARCH);
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page).toHaveURL(/\/mon-compte\/recherches\?notice=saved&id=\d+$/);
    await expect(page.getByRole("status")).toContainText("Search saved.");
    await expect(page.getByTestId("saved-search").getByRole("heading", { name: "Datsun" })).toBeVisible();
    // The same search again is not a second one.
    await page.goto(SEARCH);
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page.getByRole("status")).toContainText("You already saved this search.");
    await expect(page.getByTestId("saved-search")).toHaveCount(1);
    // The switch is a plain form too.
    await page.getByRole("switch", { name: "Mail alerts for Datsun" }).click();
    await expect(page.getByRole("switch", { name: "Mail alerts for Datsun" })).toHaveAttribute("aria-checked", "false");
    await signedIn.close();
  });
});
