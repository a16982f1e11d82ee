import type { Browser, Locator, Page } from "@playwright/test";
import { expect, expectStatus, test } from "./fixtures";

// Owner reviews (issue 16) on the seeded demo reviews: a model page's reviews (figures, pages,
// most helpful first, AggregateRating, a helpful vote after signing in); writing a review as a visitor (login popup,
// messages under the fields, published, edited in place, deleted); three readers reporting a review,
// which hides it; the hub with its body-type and brand filters and its model search. Each journey
// uses a model of its own, so parallel workers never change what another one counts.
// The reviewer and readers are fixtures (tests/setup/e2e-accounts.ts).

const HUB = "/guide-auto/avis-des-automobilistes";
const PASSWORD = "Secret123";
const REVIEWER = "reviewer@example.com";
const READERS = ["review-reader-1@example.com", "review-reader-2@example.com", "review-reader-3@example.com"];

/** A model's reviews section, found through the hub's model search (ids are not hard-coded). */
async function modelReviewsPath(page: Page, model: string): Promise<string> {
  await page.goto(`${HUB}?q=${encodeURIComponent(model)}`);
  const href = await page.getByRole("link", { name: `Read the reviews of the ${model}`, exact: true }).getAttribute("href");
  expect(href).toMatch(/^\/guide-auto\/voitures-neuves\/marque\/[a-z0-9-]+\/modele\/\d+-[a-z0-9-]+#owner-reviews$/);
  return href!;
}

const section = (page: Page) => page.locator("#owner-reviews");
const reviewCards = (page: Page) => section(page).getByRole("article");

/** "from 11 owner reviews" → 11. */
async function reviewCount(page: Page): Promise<number> {
  const text = await section(page).getByText(/^from \d+ owner reviews?$/).textContent();
  return Number(/\d+/.exec(text ?? "")![0]);
}

async function product(page: Page): Promise<Record<string, unknown>> {
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
  return blocks.find((b) => b["@type"] === "Product")!;
}

/** Signs in through the login popup that a gated page opened. */
async function signInInPopup(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign in now" }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
}

/** A browser context signed in on the login page, on its way to `path`. */
async function signedInPage(browser: Browser, email: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign in now" }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`), { timeout: 15_000 });
  return page;
}

/** Picks a score as a reader does: a press on the number (the radio itself is drawn by its label). */
async function score(form: Locator, legend: string | RegExp, value: number): Promise<void> {
  const radio = form.getByRole("group", { name: legend }).getByRole("radio", { name: `${value} out of 10`, exact: true });
  await radio.locator("xpath=..").click();
  await expect(radio).toBeChecked();
}

test("a model page's owner reviews: figures, pages, most helpful first, AggregateRating and a helpful vote", async ({ page, checkA11y }) => {
  const path = await modelReviewsPath(page, "Toyota Hilux Single Cab");
  await page.goto(path);
  await expect(section(page).getByRole("heading", { level: 2, name: "Owner reviews" })).toBeVisible();
  const count = await reviewCount(page);
  expect(count).toBeGreaterThan(5);

  // The figures: the average, each criterion, the overall scores by band.
  const average = await section(page).getByText(/^\d{1,2}\.\d out of 10$/).textContent();
  await expect(section(page).locator("dl").first().locator("dt")).toHaveText([
    "Comfort",
    "Performance",
    "Fuel economy",
    "Reliability",
    "Practicality",
    "Value for money",
    "After-sales service",
  ]);
  await expect(section(page).getByText(/^\d+% would recommend it$/)).toBeVisible();

  // Google's rule: three reviews or more give the Product an AggregateRating on a 0-10 scale.
  expect((await product(page)).aggregateRating).toEqual({
    "@type": "AggregateRating",
    ratingValue: Number(average!.split(" ")[0]),
    bestRating: 10,
    worstRating: 0,
    ratingCount: count,
    reviewCount: count,
  });

  // Latest first, five a page.
  await expect(reviewCards(page)).toHaveCount(5);
  const dates = await reviewCards(page).locator("p time:first-of-type").evaluateAll((els) => els.map((el) => el.getAttribute("datetime")!));
  expect(dates).toEqual([...dates].sort().reverse());
  await expect(section(page).getByText(new RegExp(`^Page 1 of ${Math.ceil(count / 5)} · ${count} reviews$`))).toBeVisible();
  await checkA11y(page);

  const ids = () => reviewCards(page).evaluateAll((els) => els.map((el) => el.id));
  const firstIds = await ids();
  await section(page).getByRole("navigation", { name: /^Pages of the/ }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\?avis=2#owner-reviews$/);
  await expect(section(page).getByText(new RegExp(`^Page 2 of ${Math.ceil(count / 5)}`))).toBeVisible();
  const secondIds = await ids();
  expect(secondIds).toHaveLength(5);
  // Fetched in the app, whole reviews: their texts render (a document prints them from the server).
  await expect(reviewCards(page).getByText("What I like", { exact: true })).toHaveCount(5);
  expect(secondIds.some((id) => firstIds.includes(id))).toBe(false);

  // Most helpful first: the order's link, back to page 1.
  await section(page).getByRole("link", { name: "Most helpful" }).click();
  await expect(page).toHaveURL(/\?tri=utiles#owner-reviews$/);
  await expect(section(page).getByRole("link", { name: "Most helpful" })).toHaveAttribute("aria-current", "page");
  const helpfulCounts = async () =>
    (await reviewCards(page).getByText(/found this helpful$|^No votes yet$/).allTextContents()).map((t) => Number(/^\d+/.exec(t)?.[0] ?? 0));
  const votes = await helpfulCounts();
  expect(votes).toHaveLength(5);
  expect(votes).toEqual([...votes].sort((a, b) => b - a));

  // A helpful vote needs an account: a visitor gets the login popup, then the vote answers in
  // place, once per account. The card is pinned by its id: the sign-in reloads the page's data.
  const lastId = await reviewCards(page).last().getAttribute("id");
  const last = section(page).locator(`article#${lastId}`);
  const before = votes[votes.length - 1]!;
  await last.getByRole("button", { name: /^Helpful/ }).click();
  await signInInPopup(page, READERS[0]!);
  await expect(last.getByRole("status")).toHaveText("Thank you for your vote.");
  await expect(last.getByText(new RegExp(`^${before + 1} (person|people) found this helpful$`))).toBeVisible();
  await expect(last.getByRole("button", { name: /^Helpful/ })).toBeDisabled();
});

test("write a review: visitor → login popup → messages under the fields → published; edited in place; deleted", async ({ page, checkA11y }) => {
  test.slow();
  const model = "Toyota Hilux Double Cab";
  const path = await modelReviewsPath(page, model);
  await page.goto(path);
  const count = await reviewCount(page);
  const title = `Tough and thirsty ${Date.now().toString(36)}`;

  // A visitor's "Write a review" opens the login popup; signing in comes back to the form.
  await section(page).getByRole("link", { name: `Write a review of the ${model}` }).click();
  await expect(page).toHaveURL(/\/guide-auto\/avis-des-automobilistes\/ecrire\/\d+$/);
  const writePath = new URL(page.url()).pathname;
  await signInInPopup(page, REVIEWER);
  await expect(page.getByRole("heading", { level: 1, name: `Review the ${model}` })).toBeVisible({ timeout: 15_000 });
  const form = page.getByRole("main").locator("form").first();
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkA11y(page);

  // The browser checks the form with the shared schema: messages under the fields.
  await form.getByRole("button", { name: "Publish my review" }).click();
  await expect(page.locator("#field-overall-error")).toHaveText("Please give an overall score from 0 to 10");
  await expect(page.locator("#field-reliability-error")).toHaveText("Please score reliability from 0 to 10");
  await expect(page.locator("#field-title-error")).toHaveText("Please give your review a title");
  await expect(page.locator("#field-recommends-error")).toHaveText("Please say whether you would recommend it");
  await form.getByLabel("Title").fill("Ok");
  await form.getByLabel("What I like").fill("Strong engine");
  await form.getByLabel("Year bought").fill("1990");
  await form.getByRole("button", { name: "Publish my review" }).click();
  await expect(page.locator("#field-title-error")).toHaveText("The title must be at least 5 characters");
  await expect(page.locator("#field-likes-error")).toHaveText("Please write at least 20 characters about what you like");
  await expect(page.locator("#field-yearBought-error")).toHaveText(/^The year must be between \d{4} and \d{4}$/);
  await expect(page).toHaveURL(new RegExp(`${writePath}$`));
  await checkA11y(page);

  // The server says the same with a 400 (a form sent without the browser's check).
  const refused = await page.request.post(writePath, { form: { title: "Ok", overall: "12" } });
  expect(refused.status()).toBe(400);
  const refusedHtml = await refused.text();
  expect(refusedHtml).toContain("Please give an overall score from 0 to 10");
  expect(refusedHtml).toContain("The title must be at least 5 characters");

  // A good review, with markup in it (shown as text, never run).
  await score(form, /^Overall, how do you rate/, 7);
  for (const [legend, value] of [
    ["Comfort", 6],
    ["Performance", 9],
    ["Fuel economy", 4],
    ["Reliability", 9],
    ["Practicality", 8],
    ["Value for money", 7],
    ["After-sales service", 6],
  ] as const) {
    await score(form, legend, value);
  }
  await form.getByLabel("Kilometres driven").fill("62 000");
  await form.getByLabel("Owned for (months)").fill("30");
  await form.getByLabel("Year bought").fill(String(new Date().getFullYear() - 2));
  await form.getByRole("radio", { name: "Yes" }).check();
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("What I like").fill("Pulls a loaded trailer up the Sani Pass without complaint. <b>Bold</b> claims, all true.");
  await form.getByLabel("What I dislike").fill("Drinks diesel in Joburg traffic, and the ride is firm when the bin is empty.");
  await form.getByRole("button", { name: "Publish my review" }).click();

  // On the model page, at the review, counted once.
  await expect(page).toHaveURL(/\/modele\/\d+-hilux-double-cab(\?avis=\d+)?#review-\d+$/, { timeout: 15_000 });
  const mine = page.locator(`#${new URL(page.url()).hash.slice(1)}`);
  await expect(mine.getByRole("heading", { level: 3 })).toHaveText(title);
  await expect(mine).toContainText("Kagiso M.");
  await expect(mine).toContainText("<b>Bold</b> claims, all true.");
  await expect(mine).toContainText("62 000 km driven");
  expect(await reviewCount(page)).toBe(count + 1);

  // Writing again starts from the review and replaces it.
  await section(page).getByRole("link", { name: `Write a review of the ${model}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit your review of the ${model}` })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByRole("group", { name: /^Overall, how do you rate/ }).getByRole("radio", { name: "7 out of 10", exact: true })).toBeChecked();
  await page.getByLabel("Title").fill(`${title}, a year on`);
  await score(page.getByRole("main"), /^Overall, how do you rate/, 8);
  await page.getByRole("button", { name: "Save my changes" }).click();
  await expect(page).toHaveURL(/#review-\d+$/, { timeout: 15_000 });
  await expect(section(page).getByRole("heading", { level: 3, name: `${title}, a year on` })).toBeVisible();
  await expect(section(page).getByRole("heading", { level: 3, name: title, exact: true })).toHaveCount(0);
  expect(await reviewCount(page)).toBe(count + 1);

  // Deleting it takes it off the page.
  await page.goto(writePath);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Delete my review" }).click();
  await expect(page).toHaveURL(/#owner-reviews$/);
  await expect(section(page).getByRole("heading", { level: 3, name: `${title}, a year on` })).toHaveCount(0);
  expect(await reviewCount(page)).toBe(count);
});

test("three readers report a review: the third report hides it", async ({ page, browser, checkA11y }) => {
  test.slow();
  const path = await modelReviewsPath(page, "Toyota Fortuner");
  await page.goto(path);
  const count = await reviewCount(page);
  const reported = reviewCards(page).first();
  const title = (await reported.getByRole("heading", { level: 3 }).textContent())!;
  const reportPath = (await reported.getByRole("link", { name: /^Report/ }).getAttribute("href"))!;
  expect(reportPath).toMatch(/^\/guide-auto\/avis-des-automobilistes\/signaler\/\d+$/);

  // A visitor's "Report" opens the login popup; signed in, the form.
  await reported.getByRole("link", { name: /^Report/ }).click();
  await signInInPopup(page, READERS[0]!);
  await expect(page.getByRole("heading", { level: 1, name: "Report a review" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("main")).toContainText(title);
  await checkA11y(page);
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.locator("#report-reason-error")).toHaveText("Please choose a reason");
  await page.getByRole("radio", { name: "It looks fake or written by someone who does not own the car" }).check();
  await page.getByRole("textbox", { name: /^Details/ }).fill("The same words are on another model's page.");
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Thank you: we have your report, and a person on our team will look at this review.");
  await checkA11y(page);

  // Two more readers; the review is still shown after the second.
  for (const [index, email] of READERS.slice(1).entries()) {
    const reader = await signedInPage(browser, email, reportPath);
    await reader.getByRole("radio", { name: "It is not about this car" }).check();
    await reader.getByRole("button", { name: "Send the report" }).click();
    await expect(reader.getByRole("main").getByRole("status")).toHaveText("Thank you: we have your report, and a person on our team will look at this review.");
    if (index === 0) {
      await reader.goto(path);
      await expect(section(reader).getByRole("heading", { level: 3, name: title, exact: true })).toHaveCount(1);
    }
    await reader.context().close();
  }

  // Hidden: gone from the model page and its figures.
  await page.goto(path);
  await expect(section(page).getByRole("heading", { level: 3, name: title, exact: true })).toHaveCount(0);
  expect(await reviewCount(page)).toBe(count - 1);
});

test("the hub: best-rated models by body type, latest reviews by brand, a model search", async ({ page, checkA11y }) => {
  await expectStatus(page, HUB, 200);
  await expect(page.getByRole("heading", { level: 1, name: "Owner reviews" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText(["Home", "Car guide", "Owner reviews"]);
  const best = page.locator("#best-rated ol > li");
  await expect(best).toHaveCount(10);
  await expect(best.first()).toContainText(/\d+ owner reviews/);
  await expect(page.getByText("The reviews marked “demo data” are examples written for this site")).toBeVisible();
  await checkA11y(page);

  // Best-rated bakkies: the body type is in the address.
  await page.getByRole("navigation", { name: "Best-rated models by body type" }).getByRole("link", { name: "Bakkie", exact: true }).click();
  await expect(page).toHaveURL(/\?carrosserie=bakkie#best-rated$/);
  await expect(page.getByRole("heading", { level: 2, name: "Best-rated bakkie models" })).toBeVisible();
  await expect(best.filter({ hasText: "Toyota Hilux Single Cab" })).toHaveCount(1);
  await expect(best.filter({ hasText: "Chery Tiggo 7 Pro" })).toHaveCount(0);

  // The latest reviews of one brand (a GET form), the body type kept.
  await page.getByLabel("Reviews of one brand").selectOption("toyota");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/\?carrosserie=bakkie&marque=toyota$/);
  await expect(page.getByRole("heading", { level: 2, name: "Latest Toyota reviews" })).toBeVisible();
  const latest = page.getByRole("list", { name: "Latest reviews" }).getByRole("article");
  await expect(latest).toHaveCount(8);
  for (const context of await latest.locator("a[href$='#owner-reviews']").allTextContents()) expect(context).toMatch(/^Toyota /);

  // A model search.
  await page.getByRole("searchbox", { name: "Find the reviews of a model, or write your own" }).fill("fortuner");
  await page.getByRole("button", { name: "Find reviews" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Models matching “fortuner”" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the reviews of the Toyota Fortuner" })).toBeVisible();
  await checkA11y(page);

  // An unknown body type is dropped with a notice, never an error.
  await expectStatus(page, `${HUB}?carrosserie=rocket`, 200);
  await expect(page.getByRole("main").getByRole("status")).toContainText("We ignored a body type");
});

test("a version page links to its model's owner reviews", async ({ page }) => {
  const path = await modelReviewsPath(page, "Toyota Hilux Single Cab");
  await page.goto(path);
  await page.getByRole("table", { name: /^Versions of the Toyota Hilux Single Cab/ }).locator("tbody tr").first().getByRole("rowheader").getByRole("link").click();
  await expect(page).toHaveURL(/\/modele\/hilux-single-cab\/\d+-/);
  await page.getByRole("link", { name: /^Owners rate the Hilux Single Cab \d+\.\d\/10: read the \d+ owner reviews$/ }).click();
  await expect(page).toHaveURL(/\/modele\/\d+-hilux-single-cab#owner-reviews$/);
  await expect(section(page).getByRole("heading", { level: 2, name: "Owner reviews" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the writing page sends a visitor to the login page; pages and orders are links", async ({ page }) => {
    const path = await modelReviewsPath(page, "Toyota Hilux Single Cab");
    await page.goto(path);
    await section(page).getByRole("link", { name: /^Write a review of the/ }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fguide-auto%2Favis-des-automobilistes%2Fecrire%2F\d+$/);
    await page.goto(path);
    await section(page).getByRole("link", { name: "Most helpful" }).click();
    await expect(page).toHaveURL(/\?tri=utiles#owner-reviews$/);
    await expect(section(page).getByRole("link", { name: "Most helpful" })).toHaveAttribute("aria-current", "page");
  });

  test("a helpful vote sends a visitor to the login page, coming back to the review", async ({ page }) => {
    const path = await modelReviewsPath(page, "Toyota Hilux Single Cab");
    await page.goto(path);
    const card = reviewCards(page).first();
    const id = await card.getAttribute("id");
    await card.getByRole("button", { name: /^Helpful/ }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fguide-auto%2F[^#]*%23${id}$`));
  });
});
