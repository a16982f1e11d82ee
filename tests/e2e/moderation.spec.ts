import type { Browser, Page } from "@playwright/test";
import { E2E_BANNED_SELLER, E2E_MODERATED_ADS, E2E_MODERATOR, E2E_REPORTED_SELLER, E2E_REPORTERS } from "../setup/e2e-marketplace-data";
import { expect, readOutbox, test } from "./fixtures";

// Moderation (docs/moderation.md): the seller of an ad under review sees the reasons in My ads and
// asks for a review; a moderator restores one ad, removes another and bans a seller, each mailed
// (read from the outbox); a banned seller cannot post; anyone else meets the 404 page. The ads and
// accounts are written by tests/setup/e2e-marketplace.ts.

const adPage = (id: number, title: string) => `/marche-doccasion/annonce/${id}-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
const TO_RESTORE = { id: E2E_MODERATED_ADS.toRestore, title: "2019 Toyota Hilux 2.8GD-6 Raider" };
const TO_REMOVE = { id: E2E_MODERATED_ADS.toRemove, title: "2016 Toyota Hilux 2.4GD-6 SRX" };
const TO_BAN = { id: E2E_MODERATED_ADS.toBan, title: "2021 Toyota Hilux 2.8GD-6 Legend" };

/** A browser context signed in through the login page, landed on `path`. */
async function signedIn(browser: Browser, account: { email: string; password: string }, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("main").getByRole("button", { name: "Sign in now" }).click();
  await expect(page).toHaveURL((url) => url.pathname === path, { timeout: 15_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  return page;
}

async function act(page: Page, action: "Restore" | "Remove" | "Ban the seller", reason?: string) {
  const form = page.getByRole("form", { name: action });
  if (reason) await form.getByRole("textbox").fill(reason);
  await form.getByRole("button", { name: action }).click();
}

test("the queue and its items are the moderator's alone: visitors and other accounts get the 404 page", async ({ page, browser }) => {
  for (const path of ["/moderation", `/moderation/annonces/${TO_REMOVE.id}`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page introuvable")).toBeVisible();
  }
  const reporter = await signedIn(browser, E2E_REPORTERS[0], "/mon-compte");
  expect((await reporter.goto("/moderation"))?.status()).toBe(404);
  await reporter.context().close();
});

test("the seller of an ad under review sees why, asks for a review; the moderator restores it and the seller is mailed", async ({ browser, checkA11y }) => {
  test.slow();
  const seller = await signedIn(browser, E2E_REPORTED_SELLER, "/mon-compte/annonces");
  const row = seller.locator(`[data-testid="my-ad"][data-ad-id="${TO_RESTORE.id}"]`);
  await expect(row.getByTestId("my-ad-status")).toContainText("Under review");
  await expect(row.getByTestId("my-ad-review")).toContainText("Looks like a scam (1)");
  await expect(row.getByTestId("my-ad-review")).toContainText("Wrong details (price, year, mileage…) (2)");
  await checkA11y(seller);
  await row.getByRole("button", { name: "I have fixed it, review again" }).click();
  await expect(row.getByTestId("my-ad-review")).toContainText("You asked us to review it again");

  const moderator = await signedIn(browser, E2E_MODERATOR, "/moderation");
  const first = moderator.getByTestId("moderation-item").first();
  await expect(first).toContainText(TO_RESTORE.title);
  await expect(first).toContainText("Seller asked for a review");
  await checkA11y(moderator);
  await first.getByRole("link", { name: TO_RESTORE.title }).click();
  await expect(moderator.getByRole("heading", { level: 1, name: TO_RESTORE.title })).toBeVisible();
  await expect(moderator.getByTestId("moderation-reports")).toContainText("Asked for a R 5 000 deposit");
  await checkA11y(moderator);
  const started = Date.now();
  await act(moderator, "Restore", "The seller sent the registration papers.");
  await expect(moderator.getByText("is back (for sale); its reports are settled.")).toBeVisible();
  await expect(moderator.getByTestId("moderation-history")).toContainText("Restored by moderator@example.com");
  const mail = await readOutbox({ to: E2E_REPORTED_SELLER.email, subjectIncludes: "is back on Voitura", after: started - 1000 });
  expect(mail.text).toContain("The seller sent the registration papers.");
  // Buyers see the whole ad again.
  const response = await seller.goto(adPage(TO_RESTORE.id, TO_RESTORE.title));
  expect(response?.status()).toBe(200);
  await expect(seller.getByRole("form", { name: "Contact the seller" })).toBeVisible();
  await seller.context().close();
  await moderator.context().close();
});

test("a moderator removes an ad with the reason its seller is told; a removed ad is gone", async ({ browser }) => {
  const moderator = await signedIn(browser, E2E_MODERATOR, `/moderation/annonces/${TO_REMOVE.id}`);
  // A reason is needed, said under the field.
  await act(moderator, "Remove", "too short");
  await expect(moderator.getByRole("form", { name: "Remove" })).toContainText("at least 10 characters");
  const started = Date.now();
  await act(moderator, "Remove", "The photos belong to another seller's bakkie.");
  await expect(moderator.getByText("is removed, and its seller is told why.")).toBeVisible();
  await expect(moderator.getByTestId("moderation-status")).toHaveText("Removed");
  const mail = await readOutbox({ to: E2E_REPORTED_SELLER.email, subjectIncludes: "was removed", after: started - 1000 });
  expect(mail.text).toContain("The photos belong to another seller's bakkie.");
  expect((await moderator.goto(adPage(TO_REMOVE.id, TO_REMOVE.title)))?.status()).toBe(410);
  await moderator.context().close();
});

test("a moderator bans a seller: their ads leave the site, they are mailed why, and they cannot post", async ({ browser }) => {
  test.slow();
  const moderator = await signedIn(browser, E2E_MODERATOR, `/moderation/annonces/${TO_BAN.id}`);
  const started = Date.now();
  await act(moderator, "Ban the seller", "Three buyers were asked for deposits on cars that do not exist.");
  await expect(moderator.getByText(/is banned: 1 live ad hidden, no new posts/)).toBeVisible();
  const mail = await readOutbox({ to: E2E_BANNED_SELLER.email, subjectIncludes: "can no longer sell", after: started - 1000 });
  expect(mail.text).toContain("Three buyers were asked for deposits");
  expect((await moderator.goto(adPage(TO_BAN.id, TO_BAN.title)))?.status()).toBe(410);
  await moderator.context().close();

  const banned = await signedIn(browser, E2E_BANNED_SELLER, "/mon-compte");
  await banned.goto("/poster-une-annonce");
  await expect(banned.getByRole("heading", { name: "You cannot sell on Voitura" })).toBeVisible();
  await expect(banned).toHaveURL(/\/poster-une-annonce$/);
  await banned.context().close();
});
