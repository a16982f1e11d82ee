import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../setup/e2e-paths";
import { E2E_RATINGS_FILE, E2E_RATINGS_PASSWORD, type E2eRatings, RATING_ACCOUNTS } from "../setup/e2e-ratings-data";
import { expect, expectStatus, test } from "./fixtures";

// Buyers' ratings of a dealer (issue 46): a buyer who wrote to the dealer 10 days ago rates it and
// the rating shows on the dealer page with the count and average (and in its AutoDealer data); a
// buyer without contact, or with a too-recent one, is told why they cannot; the dealer's member
// answers a rating in the dashboard and the answer shows on the public page; a reader reports a
// rating. The dealer and accounts come from tests/setup/e2e-ratings.ts.

const fixtures = (): E2eRatings => JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, E2E_RATINGS_FILE), "utf8")) as E2eRatings;
const dealerPath = (dealer: E2eRatings["dealer"]) => `/concessionnaires/${dealer.id}-${dealer.slug}`;
const ratePath = (dealer: E2eRatings["dealer"]) => `${dealerPath(dealer)}/evaluer`;

/** A browser context signed in on the login page, on its way to `target`. */
async function signedInPage(browser: Browser, email: string, target: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(E2E_RATINGS_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign in now" }).click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, "\\?")}$`), { timeout: 15_000 });
  return page;
}

/** Picks a score with a press on its number (the radio itself is drawn by its label). */
async function score(form: Locator, legend: string, value: number): Promise<void> {
  const radio = form.getByRole("group", { name: legend }).getByRole("radio", { name: `${value} out of 5`, exact: true });
  await radio.locator("xpath=..").click();
  await expect(radio).toBeChecked();
}

const section = (page: Page) => page.getByTestId("dealer-ratings");

test.describe("buyers' ratings of a dealer", () => {
  test("a visitor is sent to sign in, and comes back to the rating page", async ({ page }) => {
    const { dealer } = fixtures();
    await page.goto(ratePath(dealer));
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("a buyer who wrote to the dealer 10 days ago rates it; the rating shows with the count and average; passes axe", async ({ browser, checkA11y }) => {
    test.slow();
    const { dealer } = fixtures();
    // Before: the earlier buyer's rating alone.
    const before = await browser.newPage();
    await expectStatus(before, dealerPath(dealer), 200);
    await expect(section(before).getByTestId("ratings-count")).toHaveText("from 1 buyer's rating");
    await before.close();

    const page = await signedInPage(browser, RATING_ACCOUNTS.buyer.email, ratePath(dealer));
    await expect(page.getByRole("heading", { level: 1, name: `Rate ${dealer.name}` })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("can rate it once, 7 days or more after their first contact");
    const form = page.getByRole("form", { name: `Rate ${dealer.name}` });
    await checkA11y(page);

    // Sent empty: the messages under each group and the summary, nothing published.
    await form.getByRole("button", { name: "Publish my rating" }).click();
    await expect(page.getByRole("alert")).toContainText("Please rate response from 1 to 5");
    await expect(page.getByRole("alert")).toContainText("Please tell other buyers how it went");
    await checkA11y(page);

    await score(form, "Response", 5);
    // The keyboard: one tab stop per group, arrows move the choice.
    const honesty = form.getByRole("group", { name: "Honesty" });
    await honesty.getByRole("radio", { name: "1 out of 5", exact: true }).focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect(honesty.getByRole("radio", { name: "4 out of 5", exact: true })).toBeChecked();
    await score(form, "Car as described", 5);
    await form.getByLabel("Your experience").fill("Sizwe answered within the hour, the price was as advertised and the car matched every photo.");
    await form.getByRole("button", { name: "Publish my rating" }).click();

    // To the rating on the dealer page: two ratings now, (4, 4, 3) and (5, 4, 5): 25 / 6 = 4.2.
    await expect(page).toHaveURL(new RegExp(`${dealerPath(dealer)}#rating-\\d+$`));
    await expect(section(page).getByTestId("ratings-count")).toHaveText("from 2 buyers' ratings");
    await expect(section(page).getByTestId("ratings-average")).toContainText("4.2");
    const mine = section(page).getByTestId("dealer-rating").filter({ hasText: "Nomsa K." });
    await expect(mine).toContainText("Response 5/5 · Honesty 4/5 · Car as described 5/5");
    await expect(mine).toContainText("the car matched every photo");
    await checkA11y(page, "#dealer-ratings");

    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
    const autoDealer = blocks.find((b) => b["@type"] === "AutoDealer");
    expect(autoDealer?.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.2, bestRating: 5, worstRating: 1, ratingCount: 2 });

    // Once: the rating page now shows the buyer's rating, and no form.
    await page.goto(ratePath(dealer));
    await expect(page.getByTestId("own-rating")).toContainText(`You rated ${dealer.name} on`);
    await expect(page.getByRole("button", { name: "Publish my rating" })).toHaveCount(0);
    await page.context().close();
  });

  test("a buyer without contact, and one who wrote 2 days ago, are told why they cannot rate yet; passes axe", async ({ browser, checkA11y }) => {
    const { dealer } = fixtures();
    const newcomer = await signedInPage(browser, RATING_ACCOUNTS.newcomer.email, ratePath(dealer));
    await expect(newcomer.getByTestId("rating-refusal")).toContainText(`You have not contacted ${dealer.name} through Voitura yet`);
    await expect(newcomer.getByRole("button", { name: "Publish my rating" })).toHaveCount(0);
    await checkA11y(newcomer);
    await newcomer.context().close();

    const recent = await signedInPage(browser, RATING_ACCOUNTS.recent.email, ratePath(dealer));
    await expect(recent.getByTestId("rating-refusal")).toContainText(/less than 7 days ago\. Give them time to answer: you can rate them from \d{1,2} [A-Z][a-z]+ \d{4}\./);
    await expect(recent.getByRole("button", { name: "Publish my rating" })).toHaveCount(0);
    await recent.context().close();
  });

  test("the dealer's member answers a rating once in the dashboard, and the answer shows on the dealer page; passes axe", async ({ browser, checkA11y }) => {
    test.slow();
    const { dealer, earlierRatingId } = fixtures();
    const dashboard = `/mon-compte/concession/${dealer.id}/avis`;
    const page = await signedInPage(browser, RATING_ACCOUNTS.member.email, dashboard);
    await expect(page.getByRole("heading", { level: 1, name: "Buyers' ratings" })).toBeVisible();
    const earlier = page.getByTestId("dashboard-rating").filter({ hasText: "Pieter M." });
    await expect(earlier).toContainText("the service book was missing a stamp");
    await checkA11y(page);

    const form = earlier.getByRole("form", { name: "Answer Pieter M." });
    await form.getByLabel("Your public answer to Pieter M.").fill("Thank you, Pieter: we have stamped the service book since, and we are sorry it was missed.");
    await form.getByRole("button", { name: "Publish the answer" }).click();
    await expect(page.getByRole("status")).toContainText("Your answer is published under the rating on your dealer page.");
    await expect(earlier).toContainText(`Answer from ${dealer.name}`);
    await expect(earlier.getByRole("form")).toHaveCount(0);
    await checkA11y(page);

    await page.goto(`${dealerPath(dealer)}#rating-${earlierRatingId}`);
    const shown = page.locator(`#rating-${earlierRatingId}`);
    await expect(shown).toContainText(`Answer from ${dealer.name}`);
    await expect(shown).toContainText("we have stamped the service book since");

    // A member cannot rate their own dealer.
    await page.goto(ratePath(dealer));
    await expect(page.getByTestId("rating-refusal")).toContainText("a dealer's own people cannot rate it");
    await page.context().close();
  });

  test("a reader reports a rating from the dealer page; passes axe", async ({ browser, checkA11y }) => {
    const { dealer, earlierRatingId } = fixtures();
    const page = await signedInPage(browser, RATING_ACCOUNTS.newcomer.email, dealerPath(dealer));
    await page.locator(`#rating-${earlierRatingId}`).getByRole("link", { name: "Report the rating by Pieter M." }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Report a rating" })).toBeVisible();
    await page.getByRole("button", { name: "Send the report" }).click();
    await expect(page.getByRole("alert")).toContainText("Please choose a reason");
    await page.getByLabel("It is not about this dealer").check();
    await page.getByRole("button", { name: "Send the report" }).click();
    await expect(page.getByRole("status")).toContainText("a person on our team will look at this rating");
    await checkA11y(page);
    await page.context().close();
  });
});
