import type { Page } from "@playwright/test";
import { expect, expectStatus, test } from "./fixtures";

// Practical guides: the side menu leads to a taxonomy, its cards to guides; the finance
// taxonomy carries the repayment calculator (a GET form, live once scripts run).
const FINANCE = "/guide-pratique/financer-mon-vehicule";
const LICENCE = "/guide-pratique/permis-de-conduire";

// Full-page axe scans and several pages per test on two shared cores.
test.describe.configure({ timeout: 90_000 });

const instalment = (page: Page) => page.getByTestId("monthly-instalment");
const results = (page: Page) => page.getByTestId("finance-results");

async function fillCalculator(page: Page, values: { price?: string; deposit?: string; balloon?: string; rate?: string; term?: string }) {
  if (values.price !== undefined) await page.getByLabel("Vehicle price (ZAR)").fill(values.price);
  if (values.deposit !== undefined) await page.getByLabel("Deposit (ZAR)").fill(values.deposit);
  if (values.balloon !== undefined) await page.getByLabel("Balloon (%)").fill(values.balloon);
  if (values.rate !== undefined) await page.getByLabel("Interest rate (%)").fill(values.rate);
  if (values.term !== undefined) await page.getByLabel("Term", { exact: true }).selectOption(values.term);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("side menu → a taxonomy → a guide → back to its taxonomy", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open the menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Driving licence" }).click();

    await expect(page).toHaveURL(LICENCE);
    await expect(page.getByRole("heading", { level: 1, name: "Driving licence" })).toBeVisible();
    const cards = page.locator("main article");
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await expect(cards.first()).toContainText("min read");
    await expect(cards.first()).toContainText(/Updated \d{1,2} \w+ \d{4}/);

    const firstTitle = (await cards.first().getByRole("heading").innerText()).trim();
    await cards.first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: firstTitle })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/guide-pratique\/permis-de-conduire\/[a-z0-9-]+$/);
    // The body is the imported Markdown: headings and lists in the shared prose style.
    const body = page.locator(".article-body");
    expect(await body.locator("h2").count()).toBeGreaterThan(0);
    await expect(page.getByRole("navigation", { name: "More on driving licence" }).locator('[aria-current="page"]')).toHaveText(firstTitle);
    await expect(page.getByRole("navigation", { name: "Other topics" }).getByRole("link", { name: "Finance my vehicle" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // A sibling guide, then the breadcrumb back to the taxonomy (client-side navigations).
    const sibling = page.getByRole("navigation", { name: "More on driving licence" }).getByRole("link").first();
    const siblingTitle = (await sibling.innerText()).trim();
    await sibling.click();
    await expect(page.getByRole("heading", { level: 1, name: siblingTitle })).toBeVisible();
    await expect(body.locator("h2").first()).toBeVisible();
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Driving licence" }).click();
    await expect(page).toHaveURL(LICENCE);
  });
});

test("unknown taxonomies and guides are the 404 page", async ({ page }) => {
  await expectStatus(page, "/guide-pratique/nope", 404);
  await expect(page.getByText("Page Not Found: /guide-pratique/nope")).toBeVisible();
  await expectStatus(page, `${LICENCE}/no-such-guide`, 404);
  // A guide is only found under its own taxonomy.
  await page.goto(LICENCE);
  const guide = await page.locator("main article").first().getByRole("link").getAttribute("href");
  const slug = guide!.split("/").pop();
  await expectStatus(page, `${FINANCE}/${slug}`, 404);
  await expectStatus(page, "/guide-pratique/Permis-De-Conduire", 404);
});

test.describe("the repayment calculator with JavaScript", () => {
  test("figures, chart and address follow the fields as they are typed, without a reload", async ({ page }) => {
    await expectStatus(page, FINANCE, 200);
    // The defaults: R400 000, R40 000 down, 72 months at 11.75 %.
    await expect(instalment(page)).toHaveText("6.991 ZAR");
    const chartLine = page.getByTestId("balance-chart").locator("path").nth(1);
    const lineBefore = await chartLine.getAttribute("d");
    await page.evaluate(() => ((window as unknown as { calculatorMarker: number }).calculatorMarker = 1));
    // The browser computes the figures: typing never asks the server for data.
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
    });

    await fillCalculator(page, { price: "500 000", deposit: "0", rate: "10.5", term: "60" });
    await expect(instalment(page)).toHaveText("10.747 ZAR");
    await expect(results(page)).toContainText("500.000 ZAR");
    await expect(page).toHaveURL(`${FINANCE}?price=500+000&deposit=0&balloon=0&rate=10.5&term=60`);
    expect(await chartLine.getAttribute("d")).not.toBe(lineBefore);

    // A 30 % balloon: a lower instalment and the balloon marked on the chart.
    await fillCalculator(page, { balloon: "30" });
    await expect(instalment(page)).toHaveText("8.835 ZAR");
    await expect(results(page)).toContainText("150.000 ZAR");
    await expect(page.getByTestId("balance-chart")).toContainText("Balloon");
    await expect(page).toHaveURL(/balloon=30/);

    // A bad value: a message under the field, the last figures kept but marked.
    await fillCalculator(page, { price: "abc" });
    await expect(page.getByText("Vehicle price: enter an amount in rand, for example 350 000.")).toBeVisible();
    await expect(page.getByLabel("Vehicle price (ZAR)")).toHaveAttribute("aria-invalid", "true");
    await expect(results(page)).toContainText("figures from your last valid entry");
    await fillCalculator(page, { price: "500000" });
    await expect(page.getByText("Vehicle price: enter an amount in rand")).toHaveCount(0);
    await expect(instalment(page)).toHaveText("8.835 ZAR");

    // Still the same document: no full page load happened.
    expect(await page.evaluate(() => (window as unknown as { calculatorMarker?: number }).calculatorMarker)).toBe(1);
    expect(dataRequests).toEqual([]);

    // The address is shareable: opening it shows the same figures.
    await expect(page).toHaveURL(/price=500000&/);
    await page.goto(page.url());
    await expect(instalment(page)).toHaveText("8.835 ZAR");
    await expect(page.getByLabel("Balloon (%)")).toHaveValue("30");
  });

  test("a finance guide links to the calculator", async ({ page }) => {
    await page.goto(FINANCE);
    await page.locator("main article").first().getByRole("link").click();
    await page.getByRole("link", { name: /repayment calculator/ }).click();
    await expect(page).toHaveURL(`${FINANCE}#calculator`);
    await expect(page.getByRole("heading", { name: "Repayment calculator" })).toBeVisible();
  });
});

test.describe("the repayment calculator without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form submits to the page, which computes the figures on the server", async ({ page }) => {
    await expectStatus(page, FINANCE, 200);
    await expect(instalment(page)).toHaveText("6.991 ZAR");
    await fillCalculator(page, { price: "R450 000", deposit: "45 000", balloon: "25", rate: "12", term: "72" });
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(`${FINANCE}?price=R450+000&deposit=45+000&balloon=25&rate=12&term=72#calculator`);
    // 405 000 financed, 112 500 balloon, 72 months at 12 %: 6 843.43 a month.
    await expect(instalment(page)).toHaveText("6.843 ZAR");
    await expect(results(page)).toContainText("405.000 ZAR");
    await expect(results(page)).toContainText("112.500 ZAR");
    await expect(page.getByTestId("balance-chart")).toBeVisible();
  });

  test("bad values come back as messages under their fields, with a 400", async ({ page }) => {
    await page.goto(FINANCE);
    await fillCalculator(page, { price: "lots", deposit: "" });
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes("price=lots")), page.getByRole("button", { name: "Calculate" }).click()]);
    expect(response.status()).toBe(400);
    await expect(page.getByText("Vehicle price: enter an amount in rand, for example 350 000.")).toBeVisible();
    await expect(page.getByText("Enter the deposit.")).toBeVisible();
    await expect(page.getByLabel("Vehicle price (ZAR)")).toHaveValue("lots");
    await expect(page.getByText("Correct the highlighted fields")).toBeVisible();

    await expectStatus(page, `${FINANCE}?price=300000&deposit=300000&balloon=50&term=200&rate=x`, 400);
    await expect(page.getByText("The deposit must be less than the vehicle price.")).toBeVisible();
    await expect(page.getByText("The balloon must be at most 40 %.")).toBeVisible();
    await expect(page.getByText("The term must be between 12 and 96 months.")).toBeVisible();
    await expect(page.getByText("The interest rate: enter a percentage, for example 11.75.")).toBeVisible();
  });
});

test("the sitemap lists the guide taxonomies and guides", async ({ request }) => {
  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toContain("/sitemaps/guides.xml");
  const guides = await (await request.get("/sitemaps/guides.xml")).text();
  expect(guides).toContain(`${FINANCE}</loc>`);
  expect(guides).toMatch(/\/guide-pratique\/permis-de-conduire\/[a-z0-9-]+<\/loc><lastmod>/);
});

for (const width of [1280, 390]) {
  test(`taxonomy, calculator and guide pages pass axe at ${width} px and do not overflow`, async ({ page, checkA11y }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(LICENCE);
    const guide = await page.locator("main article").first().getByRole("link").getAttribute("href");
    for (const path of [LICENCE, `${FINANCE}?price=350000&deposit=35000&balloon=30&term=60&rate=11.25`, `${FINANCE}?price=abc`, guide!]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await checkA11y(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });
}
