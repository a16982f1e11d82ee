import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Browser, request as playwrightRequest } from "@playwright/test";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, PROJECT_ROOT } from "../setup/e2e-paths";
import { expect, readOutbox, registerAndActivate, test, uniqueEmail } from "./fixtures";
import { carTitle, field, fillCarToDescription, fillContactAndPreview, jpegs, type SellerCar, sellerAccount, signInToSell } from "./selling-steps";

// Saved searches and their alerts, end to end: a visitor saves a used-car search (login popup,
// then saved) and finds it in /mon-compte/recherches with its criteria in words; a seller then
// posts a matching car through the posting form, the list counts it as new, the daily alert job
// is run by hand (npm run jobs:run, which asks this running server since it holds the embedded
// database), the mail lists the ad with RFC 8058 headers, and its unsubscribe link switches the
// alerts off, as does the mail provider's one-click POST with no cookie.
//
// The search is for Peugeots: the demo marketplace's few are older than the run, and no other
// journey posts one, so the seller's ad is the only one the alert can bring.

const SEARCH = "/marche-doccasion/rechercher?make1=peugeot";
const NEW_PEUGEOT: SellerCar = {
  make: "Peugeot",
  model: "208",
  variant: "1.2 Active",
  year: 2022,
  mileageKm: 41_000,
  priceZar: 229_900,
  province: "Gauteng",
  town: "Johannesburg",
};
const run = promisify(execFile);

/** A seller posts the car through the posting form, with scripts and one photo. */
async function postAd(browser: Browser, car: SellerCar): Promise<void> {
  const email = await sellerAccount(browser, "Thandi");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToSell(page, email);
  await fillCarToDescription(page, `Alert${Date.now().toString(36)}`, undefined, car);
  await field(page, "Add photos").setInputFiles(await jpegs(1));
  await expect(page.getByText("1 of 20 photos", { exact: true })).toBeVisible({ timeout: 20_000 });
  await fillContactAndPreview(page, undefined, car);
  await page.getByRole("button", { name: "Publish my ad" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your ad is online" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: carTitle(car) })).toBeVisible();
  await context.close();
}

async function runAlertsJob(): Promise<string> {
  const { stdout } = await run("npm", ["run", "--silent", "jobs:run", "--", "saved-search-alerts"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT), DATABASE_URL: "" },
  });
  return stdout;
}

test("save a search, a seller posts a matching ad, its alert by mail, unsubscribe from the link and by one-click POST", async ({ browser, checkA11y }) => {
  // A long journey: three sign-ins, a posting through every step, two runs of the job script, five axe scans.
  test.setTimeout(240_000);
  const email = uniqueEmail("saved-search");
  const signUp = await browser.newContext();
  await registerAndActivate(await signUp.newPage(), "Sipho", email);
  await signUp.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(SEARCH);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { level: 1, name: /^\d+ used cars? for sale$/ })).toBeVisible();
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

  // The list: name and criteria in words, nothing new yet (the demo Peugeots are older), alerts on.
  await page.goto("/mon-compte/recherches");
  const item = page.getByTestId("saved-search");
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("heading", { name: "Peugeot" })).toBeVisible();
  await expect(item.getByText("0 new ads")).toBeVisible();
  const alertsSwitch = item.getByRole("switch", { name: "Mail alerts for Peugeot" });
  await expect(alertsSwitch).toHaveAttribute("aria-checked", "true");
  await checkA11y(page);

  // Rename inline.
  await item.getByText("Rename").click();
  await item.getByLabel("New name for Peugeot").fill("Family Peugeot");
  await item.getByRole("button", { name: "Save name" }).click();
  await expect(item.getByRole("heading", { name: "Family Peugeot" })).toBeVisible();

  // A seller posts a matching car; the list counts it as new.
  await postAd(browser, NEW_PEUGEOT);
  await page.reload();
  await expect(item.getByText("1 new ad", { exact: true })).toBeVisible();

  // The daily alert, run by hand against this server.
  const started = Date.now();
  expect(await runAlertsJob()).toMatch(/saved-search-alerts \(run by the server\): \{"searches":\d+,"mails":[1-9]/);
  const mail = await readOutbox({ to: email, subjectIncludes: "Family Peugeot", after: started - 1000 });
  expect(mail.subject).toBe("1 new ad for your saved search “Family Peugeot”");
  expect(mail.text).toContain(carTitle(NEW_PEUGEOT));
  expect(mail.text).toContain("R 229 900");
  expect(mail.text).toContain("41 000 km");
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
  await expect(page.getByRole("heading", { level: 1, name: "Stop the alerts for «Family Peugeot»?" })).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "Stop these alerts" }).click();
  await expect(page.getByText("You will no longer receive alerts for «Family Peugeot».")).toBeVisible();
  await checkA11y(page);
  await page.getByRole("link", { name: "your saved searches" }).click();
  await expect(page.getByRole("switch", { name: "Mail alerts for Family Peugeot" })).toHaveAttribute("aria-checked", "false");

  // Back on with the switch, then the mail provider's one-click POST: no cookie, no Origin.
  await page.getByRole("switch", { name: "Mail alerts for Family Peugeot" }).click();
  await expect(page.getByRole("switch", { name: "Mail alerts for Family Peugeot" })).toHaveAttribute("aria-checked", "true");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Mail alerts for Family Peugeot" })).toHaveAttribute("aria-checked", "true");
  const provider = await playwrightRequest.newContext();
  const oneClick = await provider.post(unsubscribe!, { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);
  await provider.dispose();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Mail alerts for Family Peugeot" })).toHaveAttribute("aria-checked", "false");

  // A damaged token is a 400 page with a message.
  const bad = await page.goto(`${unsubscribe!.slice(0, -4)}AAAA`);
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not valid");

  // The list's link runs the search and marks its ads seen; deleting leaves the empty state.
  await page.goto("/mon-compte/recherches");
  await expect(page.getByTestId("saved-search").getByText("1 new ad", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Show the ads of Family Peugeot" }).click();
  await expect(page).toHaveURL(SEARCH);
  await expect(page.getByRole("article").filter({ hasText: carTitle(NEW_PEUGEOT) })).toHaveCount(1);
  await page.goto("/mon-compte/recherches");
  await expect(page.getByTestId("saved-search").getByText("0 new ads")).toBeVisible();
  await page.getByRole("button", { name: "Delete the saved search Family Peugeot" }).click();
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
    await expect(page.getByTestId("saved-search").getByRole("heading", { name: "Peugeot" })).toBeVisible();
    // The same search again is not a second one.
    await page.goto(SEARCH);
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page.getByRole("status")).toContainText("You already saved this search.");
    await expect(page.getByTestId("saved-search")).toHaveCount(1);
    // The switch is a plain form too.
    await page.getByRole("switch", { name: "Mail alerts for Peugeot" }).click();
    await expect(page.getByRole("switch", { name: "Mail alerts for Peugeot" })).toHaveAttribute("aria-checked", "false");
    await signedIn.close();
  });
});
