import type { Page } from "@playwright/test";
import { expect, expectStatus, test } from "./fixtures";

// The faceted new-car search: a plain GET form, state in the URL, counts per facet.
const SEARCH = "/voitures-neuves/recherche";

// axe on a full catalogue page (footer with every model, cards with drawings) takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

const resultCount = async (page: Page) => Number((await page.locator("#results-heading .tabular").first().innerText()).trim());
const optionCount = (page: Page, group: string, label: string) =>
  page.getByRole("group", { name: group }).locator("label").filter({ hasText: new RegExp(`^${label}\\s*\\d+$`) }).locator("span");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // axe needs scripts in the page, so the accessibility checks run in the tests below.
  test("tick a brand and a fuel, set a maximum price, apply, page through and remove a chip", async ({ page }) => {
    await expectStatus(page, SEARCH, 200);
    await expect(page.getByRole("heading", { level: 1, name: "New-car search" })).toBeVisible();
    const all = await resultCount(page);
    expect(all).toBeGreaterThan(100);
    const petrolBefore = Number(await optionCount(page, "Fuel", "Petrol").innerText());

    await page.getByRole("group", { name: "Brand" }).getByLabel("Toyota").check();
    await page.getByRole("group", { name: "Fuel" }).getByLabel("Diesel").check();
    await page.getByLabel("Maximum").fill("800 000");
    await page.getByRole("button", { name: "Apply filters" }).click();

    // The plain form submission lands on the canonical URL of the search.
    await expect(page).toHaveURL(`${SEARCH}?brand=toyota&fuel=diesel&price_max=800000`);
    const filtered = await resultCount(page);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(all);
    await expect(page.getByRole("group", { name: "Brand" }).getByLabel("Toyota")).toBeChecked();
    await expect(page.getByLabel("Maximum")).toHaveValue("800000");
    // Counts follow the other filters: petrol now counts Toyotas under 800.000 only.
    const petrolAfter = Number(await optionCount(page, "Fuel", "Petrol").innerText());
    expect(petrolAfter).toBeLessThan(petrolBefore);
    for (const card of await page.locator("main article").all()) await expect(card).toContainText("Toyota");

    // Remove a chip: the diesel filter goes, the rest stays.
    await page.getByRole("link", { name: "Remove filter: Diesel" }).click();
    await expect(page).toHaveURL(`${SEARCH}?brand=toyota&price_max=800000`);
    expect(await resultCount(page)).toBeGreaterThan(filtered);
    await expect(page.getByRole("link", { name: "Remove filter: Diesel" })).toHaveCount(0);

    // Paginate a broad search (page numbers are links).
    await page.goto(`${SEARCH}?fuel=petrol&sort=price-asc`);
    expect(await resultCount(page)).toBeGreaterThan(24);
    const firstPage = await page.locator("main article h3").first().innerText();
    await page.getByRole("navigation", { name: "Pages of results" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(`${SEARCH}?fuel=petrol&sort=price-asc&page=2`);
    await expect(page.getByText(/Matching models 25–/)).toBeVisible();
    expect(await page.locator("main article h3").first().innerText()).not.toBe(firstPage);
    await expect(page.getByRole("navigation", { name: "Pages of results" }).locator('[aria-current="page"]')).toHaveText("Page 2");
  });

  test("sorting is applied by the form too", async ({ page }) => {
    await page.goto(`${SEARCH}?body=suv`);
    await page.getByLabel("Sort by").selectOption("price-desc");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(`${SEARCH}?body=suv&sort=price-desc`);
    const prices = await page.locator("main article").evaluateAll((cards) => cards.length);
    expect(prices).toBeGreaterThan(1);
  });
});

test("a filtered search passes axe", async ({ page, checkA11y }) => {
  await expectStatus(page, `${SEARCH}?brand=toyota&fuel=diesel&price_max=800000`, 200);
  await checkA11y(page);
  await expectStatus(page, `${SEARCH}?price_min=abc&brand=ferrari&fuel=diesel`, 200);
  await checkA11y(page);
});

test("with JavaScript a ticked box applies at once", async ({ page }) => {
  await expectStatus(page, SEARCH, 200);
  const all = await resultCount(page);
  await page.getByRole("group", { name: "Body type" }).getByLabel("Bakkie").check();
  await expect(page).toHaveURL(`${SEARCH}?body=bakkie`);
  await expect.poll(() => resultCount(page)).toBeLessThan(all);
  await expect(page.getByRole("link", { name: "Remove filter: Bakkie" })).toBeVisible();
  await page.getByLabel("Sort by").selectOption("power-desc");
  await expect(page).toHaveURL(`${SEARCH}?body=bakkie&sort=power-desc`);
  await page.getByRole("link", { name: "Reset all" }).first().click();
  await expect(page).toHaveURL(`${SEARCH}?sort=power-desc`);
  await expect.poll(() => resultCount(page)).toBe(all);
});

test.describe(() => {
  // Read before any script runs: with the app running the action adds to the compare tray instead.
  test.use({ javaScriptEnabled: false });
  test("the compare action of a result points at one of its versions", async ({ page }) => {
    await page.goto(`${SEARCH}?q=polo`);
    const card = page.locator("main article").filter({ hasText: "Polo" }).first();
    await expect(card.getByRole("link", { name: /^Compare Volkswagen Polo/ })).toHaveAttribute("href", /^\/comparateur\?versions=\d+$/);
  });
});

test("a result page's cards come once, as HTML; a client-side navigation's data carries them", async ({ request }) => {
  const query = "?body=suv&sort=price-asc";
  const html = await (await request.get(`${SEARCH}${query}`)).text();
  const models = [...html.matchAll(/href="\/guide-auto\/voitures-neuves\/marque\/[a-z0-9-]+\/modele\/\d+-([a-z0-9-]+)"/g)].map((m) => m[1]!);
  expect(new Set(models).size).toBeGreaterThanOrEqual(20);
  const compareLabel = html.match(/data-compare-label="([^"]+)"/)?.[1];
  expect(compareLabel).toBeTruthy();
  // The hydration data (turbo-stream JSON in a script) leaves the printed cards out.
  const hydration = html.slice(html.indexOf("streamController.enqueue"));
  expect(hydration).not.toContain("compareVersionName");
  const data = await (await request.get(`${SEARCH}.data${query}`)).text();
  expect(data).toContain("compareVersionName");
});

test("the text search ignores accents and case (the top-bar fallback)", async ({ page }) => {
  await expectStatus(page, `${SEARCH}?q=citroen`, 200);
  expect(await resultCount(page)).toBeGreaterThan(0);
  for (const card of await page.locator("main article").all()) await expect(card).toContainText("Citroën");
});

test("no result: a designed empty state offering to remove filters", async ({ page }) => {
  await expectStatus(page, `${SEARCH}?brand=porsche&fuel=diesel&body=bakkie`, 200);
  await expect(page.getByRole("heading", { name: "No car matches all these filters" })).toBeVisible();
  await page.getByRole("link", { name: "Remove “Bakkie”" }).click();
  await expect(page).toHaveURL(`${SEARCH}?brand=porsche&fuel=diesel`);
});

test.describe("bad parameters never break the page", () => {
  for (const [query, status, text] of [
    ["price_min=abc&page=0", 200, "Minimum price “abc” is not a number and was ignored."],
    ["brand=no-such-brand", 200, "There is no brand “no-such-brand” in the catalogue; it was ignored."],
    ["fuel=steam&sort=cheapest", 200, "Fuel “steam” is not a valid choice and was ignored."],
    ["seats=99", 200, "Seats “99” is out of range; 9 was used instead."],
    [`q=${"x".repeat(10_000)}`, 200, "The search text was too long"],
    ["page=999999", 404, "There is no page 999999"],
  ] as const) {
    test(`?${query.slice(0, 40)} answers ${status} with an explanation`, async ({ page }) => {
      await expectStatus(page, `${SEARCH}?${query}`, status);
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "New-car search" })).toBeVisible();
    });
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("filters open in a sheet whose button shows the result count", async ({ page, checkA11y }) => {
    await expectStatus(page, `${SEARCH}?brand=toyota`, 200);
    await checkA11y(page);
    const apply = page.getByRole("button", { name: /^Show \d+ models?$/ });
    await expect(apply).toBeHidden();
    await page.locator('label[for="search-filters-open"]').first().click();
    await expect(apply).toBeVisible();
    const count = await resultCount(page);
    await expect(apply).toHaveAccessibleName(`Show ${count} models`);
    await checkA11y(page);
    await page.getByRole("group", { name: "Fuel" }).getByLabel("Diesel").check();
    await expect(page).toHaveURL(`${SEARCH}?brand=toyota&fuel=diesel`);
    await expect(apply).toHaveAccessibleName(/^Show \d+ models?$/);
    await apply.click();
    await expect(apply).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
