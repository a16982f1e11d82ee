import type { Page } from "@playwright/test";
import { expect, expectStatus, test } from "./fixtures";

// Issue 47: "about R 4 310 a month*" on every car, each linking to the calculator filled in with
// that car, the assumptions stated once per page from the cost figures; and "I can pay R 6 500 a
// month with R 30 000 down" turned into the highest price that fits, in both searches. The seeded
// figures: prime 10.25 % (as of November 2025) plus a 1.5 % margin, 10 % down, 72 months, no balloon.
const USED = "/marche-doccasion/rechercher";
const NEW = "/voitures-neuves/recherche";
const CALCULATOR = "/guide-pratique/financer-mon-vehicule";

// At 11.75 % a year over 72 months, R 6 500 a month repays R 334 699.08
// (6 500 × (1 − (1 + 0.1175/12)^−72) / (0.1175/12)); with R 30 000 down: up to R 364 699.
const BUDGET_PRICE = "R 364 699";
const BUDGET_PRICE_ZAR = 364_699;

const ESTIMATE = /^about R [\d ]+ a month\*$/;
const NOTE = /^\*10 % deposit, 72 months, no balloon, 11\.75 % a year \(prime 10\.25 % as of November 2025 plus a typical margin, Voitura's estimate\)\. Fees and insurance not included\.$/;

// axe over a page of 24 cards on a busy machine takes a while.
test.describe.configure({ timeout: 240_000 });

/** "329.900 ZAR" → 329900. */
const rand = (text: string) => Number(text.replace(/\D/g, ""));

async function usedCardPrices(page: Page): Promise<number[]> {
  return (await page.getByTestId("search-results").locator(".ad-card-price").allInnerTexts()).map(rand);
}

test("a used card's estimate links to the calculator filled in with that car; the assumptions come once", async ({ page, checkA11y }) => {
  await expectStatus(page, `${USED}?sort=price-asc`, 200);
  const card = page.getByTestId("search-results").locator("article").first();
  const estimate = card.locator(".ad-card-fin");
  await expect(estimate).toHaveText(ESTIMATE);
  await expect(page.locator("#finance-note")).toHaveText(NOTE);
  // Once per page, however many cards.
  await expect(page.locator("#finance-note")).toHaveCount(1);
  const price = rand(await card.locator(".ad-card-price").innerText());
  const href = await estimate.getAttribute("href");
  expect(href).toBe(`${CALCULATOR}?price=${price}&deposit=${Math.round(price / 10)}&balloon=0&rate=11.75&term=72#calculator`);
  await checkA11y(page);
});

test("the ad page's finance line opens the calculator filled in with that car", async ({ page, checkA11y }) => {
  await expectStatus(page, `${USED}?sort=price-asc`, 200);
  const card = page.getByTestId("search-results").locator("article").first();
  const price = rand(await card.locator(".ad-card-price").innerText());
  // The ad page says what its card says, and its link fills in the calculator.
  await card.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/marche-doccasion\/annonce\//);
  const line = page.getByTestId("ad-finance");
  await expect(line).toHaveText(/^On finance: about R [\d ]+ a month\*$/);
  await expect(page.locator("#finance-note")).toHaveText(NOTE);
  const monthly = (await line.getByRole("link").innerText()).replace(/^about (R [\d ]+) a month\*$/, "$1");
  await checkA11y(page);
  await line.getByRole("link").click();
  await expect(page).toHaveURL(`${CALCULATOR}?price=${price}&deposit=${Math.round(price / 10)}&balloon=0&rate=11.75&term=72#calculator`);
  await expect(page.getByLabel("Vehicle price (ZAR)")).toHaveValue(String(price));
  await expect(page.getByLabel("Interest rate (%)")).toHaveValue("11.75");
  // The calculator's own figure, to the cent, rounds to the estimate.
  const exact = rand((await page.getByTestId("monthly-instalment").innerText()).replace(/[.,]\d\d$/, ""));
  expect(Math.abs(exact - rand(monthly))).toBeLessThanOrEqual(5);
});

test("the version page and the comparator show the estimate of a new car", async ({ page, checkA11y }) => {
  // A version of the Hilux Single Cab, from its model page's list of versions.
  await page.goto("/");
  await page.locator("#home-brands").getByRole("link", { name: /^Toyota\b/ }).click();
  await page.getByRole("article").getByRole("link", { name: "Toyota Hilux Single Cab", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Versions and prices" })).toBeVisible();
  const href = await page.getByRole("table", { name: /^Versions of the Toyota Hilux Single Cab/ }).locator("tbody tr").first().getByRole("rowheader").getByRole("link").getAttribute("href");
  expect(href).toMatch(/\/hilux-single-cab\/\d+-/);
  await expectStatus(page, href!, 200);
  const line = page.getByTestId("version-finance");
  await expect(line).toHaveText(/^On finance: about R [\d ]+ a month\*$/);
  await expect(page.locator("#finance-note")).toHaveText(NOTE);
  const price = rand((await page.locator("#version-heading + p").innerText()).replace("Price:", ""));
  await expect(line.getByRole("link")).toHaveAttribute("href", `${CALCULATOR}?price=${price}&deposit=${Math.round(price / 10)}&balloon=0&rate=11.75&term=72#calculator`);
  await checkA11y(page);

  const versionId = href!.split("/").at(-1)!.split("-")[0];
  await expectStatus(page, `/comparateur?versions=${versionId}`, 200);
  const row = page.getByTestId("compare-finance");
  await expect(row.getByRole("rowheader")).toHaveText("On finance*");
  await expect(row.getByRole("link")).toHaveText(ESTIMATE);
  await expect(page.locator("#finance-note")).toHaveText(NOTE);
});

test("affordability to the used-car search: every result at or under the price the budget pays for", async ({ page, checkA11y }) => {
  await expectStatus(page, CALCULATOR, 200);
  await expect(page.getByTestId("default-rate")).toHaveText(
    "A typical rate today: 11.75 % a year (prime 10.25 % as of November 2025 plus a typical margin, Voitura's estimate).",
  );
  const form = page.getByRole("form", { name: "What can I afford" });
  await form.getByLabel("Monthly budget (ZAR)").fill("6 500");
  await form.getByLabel("Cash you can put down (ZAR)").fill("30 000");
  await checkA11y(page);
  await form.getByRole("button", { name: "Used cars" }).click();
  await expect(page).toHaveURL(`${USED}?budget=6500&deposit=30000`);
  await expect(page.getByTestId("budget-price")).toHaveText(`Up to ${BUDGET_PRICE} at about R 6 500 a month with R 30 000 down*`);
  const prices = await usedCardPrices(page);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toBeLessThanOrEqual(BUDGET_PRICE_ZAR);
  // The dearest first: the top of the budget is reached, never passed.
  await page.goto(`${USED}?budget=6500&deposit=30000&sort=price-desc`);
  const dearest = (await usedCardPrices(page))[0]!;
  expect(dearest).toBeLessThanOrEqual(BUDGET_PRICE_ZAR);
  await expect(page.getByRole("link", { name: "Remove filter: R 6 500 a month, R 30 000 down" })).toBeVisible();
  await checkA11y(page);
});

test("affordability to the new-car search, combined with a maximum price", async ({ page, checkA11y }) => {
  await page.goto(CALCULATOR);
  const form = page.getByRole("form", { name: "What can I afford" });
  await form.getByLabel("Monthly budget (ZAR)").fill("6500");
  await form.getByLabel("Cash you can put down (ZAR)").fill("30000");
  await form.getByRole("button", { name: "New cars" }).click();
  await expect(page).toHaveURL(`${NEW}?budget=6500&deposit=30000`);
  await expect(page.getByTestId("budget-price")).toHaveText(`Up to ${BUDGET_PRICE} at about R 6 500 a month with R 30 000 down*`);
  await expect(page.locator("#finance-note")).toHaveText(NOTE);
  const fromPrices = (await page.locator("main li").filter({ hasText: "From" }).locator(".result-card-price").allInnerTexts()).map(rand);
  expect(fromPrices.length).toBeGreaterThan(0);
  for (const price of fromPrices) expect(price).toBeLessThanOrEqual(BUDGET_PRICE_ZAR);
  await checkA11y(page);

  // A maximum price below the budget's is the one that holds, and the header says so.
  await page.goto(`${NEW}?price_max=200000&budget=6500&deposit=30000`);
  await expect(page.getByTestId("budget-price")).toContainText("(your maximum price, R 200 000, is lower)");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the searches' budget fields are plain GET fields", async ({ page }) => {
    await page.goto(USED);
    const filters = page.getByRole("form", { name: "Search filters" });
    await filters.getByLabel("Monthly budget (R)").fill("6 500");
    await filters.getByLabel("Deposit (R)").fill("30 000");
    await filters.getByRole("button", { name: /Apply filters|Show/ }).click();
    await expect(page).toHaveURL(`${USED}?budget=6500&deposit=30000`);
    await expect(page.getByTestId("budget-price")).toHaveText(`Up to ${BUDGET_PRICE} at about R 6 500 a month with R 30 000 down*`);
    for (const price of await usedCardPrices(page)) expect(price).toBeLessThanOrEqual(BUDGET_PRICE_ZAR);

    await page.goto(NEW);
    const newFilters = page.getByRole("form", { name: "Search filters" });
    await newFilters.getByLabel("Monthly budget").fill("6500");
    await newFilters.getByRole("button", { name: /Apply filters|Show/ }).click();
    await expect(page).toHaveURL(`${NEW}?budget=6500`);
    // Without a deposit: 6 500 × 51.4922 = R 334 699.
    await expect(page.getByTestId("budget-price")).toHaveText("Up to R 334 699 at about R 6 500 a month*");
  });
});

test("bad budget input: a clear message, never an error page", async ({ page }) => {
  await expectStatus(page, `${USED}?budget=lots`, 200);
  await expect(page.getByText("Monthly budget “lots” is not a number and was ignored.")).toBeVisible();
  await expect(page.getByTestId("budget-price")).toHaveCount(0);

  await expectStatus(page, `${USED}?budget=10`, 200);
  await expect(page.getByText("Monthly budget “10” is out of range; 500 was used instead.")).toBeVisible();

  await expectStatus(page, `${NEW}?deposit=30000`, 200);
  await expect(page.getByText("Deposit counts only with a monthly budget and was ignored.")).toBeVisible();

  await expectStatus(page, `${NEW}?budget=-5`, 200);
  await expect(page.getByText(/Monthly budget “-5” is not a number and was ignored\./)).toBeVisible();
});
