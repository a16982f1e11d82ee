import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { E2E_CLAIM_DEALER_EMAIL, E2E_CLAIMANTS, E2E_CLAIMS_FILE, type E2eClaimDealers } from "../setup/e2e-claims-data";
import { E2E_MODERATOR } from "../setup/e2e-marketplace-data";
import { E2E_DATA_DIR } from "../setup/e2e-paths";
import { expect, readOutbox, test } from "./fixtures";

// Claiming a dealer (docs/dealers.md "Claiming a dealer"): a signed-in user claims a dealer by the
// code mailed to its listed address (read from the outbox) and its page then says "Verified
// dealer"; a claim of a dealer without a listed address goes to the moderators, one approves it.
// The dealers and claimants are written by tests/setup/e2e-claims.ts.

const dealers = (): E2eClaimDealers => JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, E2E_CLAIMS_FILE), "utf8")) as E2eClaimDealers;
const dealerPath = (dealer: { id: number; slug: string }) => `/concessionnaires/${dealer.id}-${dealer.slug}`;

/** A browser context signed in through the login page, landed on `path`. */
async function signedIn(browser: Browser, account: { email: string; password: string }, path_: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(path_)}`);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("main").getByRole("button", { name: "Sign in now" }).click();
  await expect(page).toHaveURL((url) => url.pathname === path_, { timeout: 15_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  return page;
}

test("a signed-out visitor who asks to claim a dealer is sent to sign in first", async ({ page }) => {
  const { withAddress } = dealers();
  await page.goto(dealerPath(withAddress));
  await page.getByRole("link", { name: "Is this your dealership?" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  expect(decodeURIComponent(page.url())).toContain(`/mon-compte/concession/revendiquer/${withAddress.id}`);
});

test("a user claims a dealer with the code mailed to its listed address; its page then says Verified dealer", async ({ browser, checkA11y }) => {
  test.slow();
  const { withAddress } = dealers();
  const page = await signedIn(browser, E2E_CLAIMANTS.byCode, dealerPath(withAddress));
  await expect(page.getByText("Verified dealer")).toHaveCount(0);
  await page.getByRole("link", { name: "Is this your dealership?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: withAddress.name })).toBeVisible();
  await expect(page.getByTestId("claim-masked-email")).toHaveText("s****@u*****************.example");
  await checkA11y(page);

  const started = Date.now();
  await page.getByRole("button", { name: "Send the code" }).click();
  await expect(page.getByText("We sent a six-digit code to s****@u*****************.example")).toBeVisible();
  const mail = await readOutbox({ to: E2E_CLAIM_DEALER_EMAIL, subjectIncludes: "Your code to manage", after: started - 1000 });
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  await checkA11y(page);

  // A wrong code is counted and said under the field.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await page.getByLabel("The six-digit code").fill(wrong);
  await page.getByRole("button", { name: "Confirm the code" }).click();
  await expect(page.getByRole("form", { name: "Type the code" })).toContainText("You can try 4 more times.");

  await page.getByLabel("The six-digit code").fill(code);
  await page.getByRole("button", { name: "Confirm the code" }).click();
  await expect(page).toHaveURL(new RegExp(`/mon-compte/concession/${withAddress.id}\\?notice=claimed$`));
  await expect(page.getByText("You now manage this dealership on Voitura")).toBeVisible();

  await page.goto(dealerPath(withAddress));
  await expect(page.getByRole("main").getByText("Verified dealer")).toBeVisible();
  await expect(page.getByRole("link", { name: "Is this your dealership?" })).toHaveCount(0);
  await checkA11y(page);
  // Visitors see it too (the public page, cached for everyone).
  const visitor = await browser.newPage();
  await visitor.goto(dealerPath(withAddress));
  await expect(visitor.getByRole("main").getByText("Verified dealer")).toBeVisible();
  await visitor.close();
  await page.context().close();
});

test("a claim of a dealer without a listed address goes to the moderators; one approves it", async ({ browser, checkA11y }) => {
  test.slow();
  const { withoutAddress } = dealers();
  const claimant = await signedIn(browser, E2E_CLAIMANTS.byReview, `/mon-compte/concession/revendiquer/${withoutAddress.id}`);
  await expect(claimant.getByText("has no e-mail address listed on Voitura")).toBeVisible();
  const form = claimant.getByRole("form", { name: "Ask our team to check your claim" });
  // The rules speak before anything is sent.
  await form.getByRole("button", { name: "Send to our team" }).click();
  await expect(form).toContainText("Please tell us your role at the dealership");
  await checkA11y(claimant);
  await form.getByLabel("Your role at the dealership").fill("Owner");
  await form.getByLabel("A phone number to call you back").fill("051 555 0199");
  await form.getByLabel("How can we check that you run this dealership?").fill("Call the yard on the listed number and ask for Pieter.");
  await form.getByRole("button", { name: "Send to our team" }).click();
  await expect(claimant.getByText("Thank you: your request is with our team.")).toBeVisible();

  const moderator = await signedIn(browser, E2E_MODERATOR, "/moderation");
  const title = `${E2E_CLAIMANTS.byReview.name} claims ${withoutAddress.name}`;
  const item = moderator.locator('[data-testid="moderation-item"][data-kind="dealer-claim"]', { hasText: title });
  await expect(item).toContainText("Dealer claim");
  await item.getByRole("link", { name: title }).click();
  await expect(moderator.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(moderator.getByTestId("claim-message")).toContainText("ask for Pieter");
  await expect(moderator.getByText("051 555 0175")).toBeVisible();
  await checkA11y(moderator);
  const started = Date.now();
  await moderator.getByRole("form", { name: "Approve" }).getByRole("button", { name: "Approve" }).click();
  await expect(moderator.getByText("The claim is approved")).toBeVisible();
  await expect(moderator.getByTestId("moderation-history")).toContainText("Approved by moderator@example.com");
  const mail = await readOutbox({ to: E2E_CLAIMANTS.byReview.email, subjectIncludes: "You now manage", after: started - 1000 });
  expect(mail.text).toContain("Verified dealer");
  await moderator.context().close();

  await claimant.goto(dealerPath(withoutAddress));
  await expect(claimant.getByRole("main").getByText("Verified dealer")).toBeVisible();
  await claimant.context().close();
});
