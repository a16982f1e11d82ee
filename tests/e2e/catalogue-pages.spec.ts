import type { Locator, Page } from "@playwright/test";
import { expect, expectStatus, test } from "./fixtures";

// Brand, model and version pages of the new-car catalogue (spec section 2), on the seeded demo data.
const PRICE = String.raw`\d{1,3}(?:\.\d{3})+ ZAR`; // "329.900 ZAR": dots every three digits
const MODEL = "/guide-auto/voitures-neuves/marque/toyota/modele";

/** The Toyota brand page's path, as the home page links it (ids are not hard-coded). */
async function toyotaPath(page: Page): Promise<string> {
  await page.goto("/");
  const href = await page.locator("#home-brands a", { hasText: "Toyota" }).first().getAttribute("href");
  expect(href).toMatch(/^\/guide-auto\/voitures-neuves\/marque\/toyota\/\d+$/);
  return href!;
}

/** The Hilux Single Cab (petrol and diesel, manual and automatic) model page's path. */
async function hiluxPath(page: Page): Promise<string> {
  await page.goto(await toyotaPath(page));
  const href = await page.getByRole("link", { name: "Toyota Hilux Single Cab", exact: true }).getAttribute("href");
  expect(href).toMatch(new RegExp(`^${MODEL}/\\d+-hilux-single-cab$`));
  return href!;
}

function versionRows(page: Page): Locator {
  return page.getByRole("table", { name: /^Versions of the Toyota Hilux Single Cab/ }).locator("tbody tr");
}

async function breadcrumb(page: Page): Promise<string[]> {
  return page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").allInnerTexts();
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test("home → brand → model → version, with headings, prices and breadcrumbs", async ({ page }) => {
  await page.goto("/");
  await page.locator("#home-brands").getByRole("link", { name: /^Toyota\b/ }).click();

  // Brand page.
  await expect(page).toHaveURL(/\/guide-auto\/voitures-neuves\/marque\/toyota\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Toyota" })).toBeVisible();
  await expect(page).toHaveTitle("Toyota: new car prices and models | Voitura");
  await expect(page.getByRole("list", { name: "At a glance" })).toContainText(new RegExp(`From ${PRICE}`));
  expect(await breadcrumb(page)).toEqual(["Home", "New cars", "Toyota"]);
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: "Toyota Hilux Single Cab", exact: true }) });
  await expect(card).toContainText(new RegExp(`From ${PRICE} to ${PRICE}`));
  await expect(card).toContainText("Bakkie");
  await expect(card).toContainText(/\d+ versions/);
  await card.getByRole("link").click();

  // Model page.
  await expect(page).toHaveURL(new RegExp(`${MODEL}/\\d+-hilux-single-cab$`));
  await expect(page.getByRole("heading", { level: 1, name: "Toyota Hilux Single Cab" })).toBeVisible();
  await expect(page).toHaveTitle("Toyota Hilux Single Cab: prices and specs | Voitura");
  await expect(page.locator("#model-heading + p")).toHaveText(new RegExp(`^From ${PRICE} to ${PRICE}$`));
  expect(await breadcrumb(page)).toEqual(["Home", "New cars", "Toyota", "Hilux Single Cab"]);
  await expect(page.getByRole("heading", { name: "Versions and prices" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Similar models" })).toBeVisible();
  // Reached in the app: the similar models come as data. Loaded afresh: as the server's HTML only.
  const similarCards = page.locator('section[aria-labelledby="similar-heading"] article');
  await expect(similarCards).toHaveCount(4);
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor();
  await expect(similarCards).toHaveCount(4);
  await expect(similarCards.first().getByRole("link").first()).toHaveAttribute("href", /\/guide-auto\/voitures-neuves\/marque\/[a-z0-9-]+\/modele\/\d+-/);
  const rows = versionRows(page);
  await expect(rows).toHaveCount(9);
  await expect(rows.first().locator('td[data-label="Price"]')).toHaveText(new RegExp(`^${PRICE}$`));
  // With the app running, "Compare" adds to the compare tray (its no-JavaScript link: compare-tray.spec.ts).
  await expect(rows.first().getByRole("button", { name: /^Compare /, pressed: false })).toBeVisible();
  const versionName = (await rows.nth(2).getByRole("rowheader").innerText()).trim();
  const versionPrice = (await rows.nth(2).locator('td[data-label="Price"]').innerText()).trim();
  await rows.nth(2).getByRole("rowheader").getByRole("link").click();

  // Version page.
  await expect(page).toHaveURL(new RegExp(`${MODEL}/hilux-single-cab/\\d+-[a-z0-9-]+$`));
  await expect(page.getByRole("heading", { level: 1, name: `Toyota Hilux Single Cab ${versionName}` })).toBeVisible();
  await expect(page.locator("#version-heading + p")).toHaveText(`Price: ${versionPrice}`);
  expect(await breadcrumb(page)).toEqual(["Home", "New cars", "Toyota", "Hilux Single Cab", versionName]);
  for (const heading of ["Price and warranty", "Engine and transmission", "Performance", "Consumption and emissions", "Dimensions and capacities", "Equipment", "Safety"]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("row", { name: /^Price / })).toContainText(versionPrice);
  await expect(page.getByRole("button", { name: `Compare Toyota Hilux Single Cab ${versionName}` })).toBeVisible();
  // Price history: a chart with a text alternative, and the figures as a table.
  await expect(page.getByRole("img", { name: /^The price rose from / })).toBeVisible();
  await page.getByText("Price changes as a table").click();
  await expect(page.getByRole("table", { name: "Price changes" }).locator("tbody tr").last()).toContainText(versionPrice);
  // The other versions with their prices.
  const others = page.getByRole("region", { name: "Other Hilux Single Cab versions" }).getByRole("link");
  await expect(others).toHaveCount(8);
  await expect(others.first()).toContainText(new RegExp(PRICE));
});

test("a version with a single price shows a sentence instead of a chart", async ({ page }) => {
  await page.goto(await toyotaPath(page));
  await page.getByRole("link", { name: "Toyota RAV4", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Toyota RAV4" })).toBeVisible();
  // A version launched after the last yearly price increase has one price point.
  await page.getByRole("rowheader").getByRole("link", { name: "2.5 Hybrid GX", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Toyota RAV4 2.5 Hybrid GX" })).toBeVisible();
  await expect(page.getByText(/^The price has not changed since \d{1,2} [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
  await expect(page.locator("aside svg[role=img]")).toHaveCount(0);
});

test("stale slugs answer 301 to the canonical URL (brand, model, version), keeping the query", async ({ page, request }) => {
  const brand = await toyotaPath(page);
  const id = brand.split("/").pop();
  const staleBrand = await request.get(`/guide-auto/voitures-neuves/marque/toyotaa/${id}?sort=name`, { maxRedirects: 0 });
  expect(staleBrand.status()).toBe(301);
  expect(staleBrand.headers()["location"]).toMatch(new RegExp(`${brand}\\?sort=name$`));
  await page.goto(`/guide-auto/voitures-neuves/marque/toyotaa/${id}`);
  await expect(page).toHaveURL(new RegExp(`${brand}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Toyota" })).toBeVisible();

  const model = await hiluxPath(page);
  const modelId = model.match(/\/(\d+)-hilux-single-cab$/)![1];
  const staleModel = await request.get(`${MODEL}/${modelId}-hilux?fuel=diesel`, { maxRedirects: 0 });
  expect(staleModel.status()).toBe(301);
  expect(staleModel.headers()["location"]).toMatch(new RegExp(`${model}\\?fuel=diesel$`));
  await page.goto(`${MODEL}/${modelId}-hilux?fuel=diesel`);
  await expect(page).toHaveURL(new RegExp(`${model}\\?fuel=diesel$`));
  await expect(page.getByRole("heading", { level: 1, name: "Toyota Hilux Single Cab" })).toBeVisible();

  const version = await versionRows(page).first().getByRole("rowheader").getByRole("link").getAttribute("href");
  const versionId = version!.match(/\/(\d+)-[^/]+$/)![1];
  for (const stale of [`${MODEL}/hilux-single-cab/${versionId}-old-name`, `${MODEL}/corolla-cross/${versionId}-x`, `/guide-auto/voitures-neuves/marque/lexus/modele/hilux-single-cab/${versionId}`]) {
    const response = await request.get(stale, { maxRedirects: 0 });
    expect(response.status(), stale).toBe(301);
    expect(response.headers()["location"], stale).toMatch(new RegExp(`${version}$`));
  }
  await page.goto(`${MODEL}/hilux-single-cab/${versionId}-old-name`);
  await expect(page).toHaveURL(new RegExp(`${version}$`));
  await expect(page.getByRole("heading", { level: 1, name: /^Toyota Hilux Single Cab / })).toBeVisible();
});

test("non-numeric ids are the invalid-parameter 404, unknown ids the not-found 404", async ({ page }) => {
  const invalid = [
    "/guide-auto/voitures-neuves/marque/toyota/abc",
    `${MODEL}/abc-foo`,
    `${MODEL}/12x-foo`,
    `${MODEL}/hilux-single-cab/x12-foo`,
  ];
  for (const path of invalid) {
    await expectStatus(page, path, 404);
    await expect(page.getByText(`Page Not Found: ${path}`, { exact: true })).toBeVisible();
    await expect(page.getByText("oops! Page introuvable")).toBeVisible();
  }
  const unknown = ["/guide-auto/voitures-neuves/marque/toyota/999999", `${MODEL}/999999-foo`, `${MODEL}/hilux-single-cab/999999-foo`];
  for (const path of unknown) {
    await expectStatus(page, path, 404);
    await expect(page.getByText(`Page not found: ${path}`, { exact: true })).toBeVisible();
  }
});

test("an unknown sort or filter value is a 400 with a clear message", async ({ page }) => {
  const brand = await toyotaPath(page);
  await expectStatus(page, `${brand}?sort=cheapest`, 400);
  await expect(page.getByText('Unknown sort order "cheapest"', { exact: false })).toBeVisible();
  const model = await hiluxPath(page);
  await expectStatus(page, `${model}?fuel=steam`, 400);
  await expect(page.getByText('Unknown fuel "steam"', { exact: false })).toBeVisible();
});

test("version filters work at once with JavaScript, in the URL, without a server round trip", async ({ page }) => {
  const model = await hiluxPath(page);
  await page.goto(model);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const dataRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes(".data")) dataRequests.push(r.url());
  });

  const fuel = page.getByLabel("Fuel", { exact: true });
  const box = page.getByLabel("Transmission", { exact: true });
  // Only the values this model has.
  await expect(fuel.locator("option")).toHaveText(["All fuels", "Petrol", "Diesel"]);
  await expect(box.locator("option")).toHaveText(["All transmissions", "Manual", "Automatic"]);

  await fuel.selectOption("diesel");
  await expect(page).toHaveURL(/\?fuel=diesel$/);
  const rows = versionRows(page);
  await expect(rows).toHaveCount(7);
  for (const text of await rows.locator('td[data-label="Fuel"]').allInnerTexts()) expect(text.trim()).toBe("Diesel");
  await expect(page.getByRole("status").filter({ hasText: "versions match" })).toHaveText("7 of 9 versions match");

  await box.selectOption("automatic");
  await expect(page).toHaveURL(/\?fuel=diesel&transmission=automatic$/);
  await expect(rows).toHaveCount(1);

  await fuel.selectOption("petrol");
  await expect(page.getByText("No version of the Toyota Hilux Single Cab matches these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Show all versions" }).click();
  await expect(page).toHaveURL(new RegExp(`${model}$`));
  await expect(rows).toHaveCount(9);
  expect(dataRequests).toEqual([]);
});

test("the versions filter keeps its submit button for keyboard users once scripts run, out of sight until focused", async ({ page }) => {
  const model = await hiluxPath(page);
  await page.goto(model);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const apply = page.getByRole("button", { name: "Apply filters" });
  await expect(apply).toHaveClass(/\bsr-only\b/);
  expect((await apply.boundingBox())?.width).toBeLessThanOrEqual(1);
  await page.getByLabel("Transmission", { exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(apply).toBeFocused();
  expect((await apply.boundingBox())?.width).toBeGreaterThan(40);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?fuel=&transmission=$/);
  await expect(versionRows(page)).toHaveCount(9);
});

test("brand sorting submits on change with JavaScript", async ({ page }) => {
  await page.goto(await toyotaPath(page));
  // The submit button is only for assistive technology once scripts run: out of sight, and out
  // of the tab order once the page has hydrated (which is also what lets the select submit).
  const sortButton = page.getByRole("button", { name: "Sort" });
  await expect(sortButton).toHaveClass(/\bsr-only\b/);
  await expect(sortButton).toHaveAttribute("tabindex", "-1");
  await page.getByLabel("Sort by").selectOption("price-desc");
  await expect(page).toHaveURL(/\?sort=price-desc$/);
  // The address changes before React has committed the sorted list (it renders in a transition).
  const prices = page.locator("article p.mt-auto span.tabular:first-of-type");
  await expect
    .poll(async () => {
      const values = (await prices.allInnerTexts()).map((p) => Number(p.replace(/\D/g, "")));
      return values.length > 5 && values.every((value, i) => i === 0 || values[i - 1]! >= value);
    })
    .toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("version filters are a plain GET form", async ({ page }) => {
    const model = await hiluxPath(page);
    await page.goto(model);
    await page.getByLabel("Fuel", { exact: true }).selectOption("petrol");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\?fuel=petrol&transmission=$/);
    await expect(versionRows(page)).toHaveCount(2);
    await expect(page.getByLabel("Fuel", { exact: true })).toHaveValue("petrol");

    await page.goto(`${model}?fuel=electric`);
    await expect(page.getByText("No version of the Toyota Hilux Single Cab matches these filters.")).toBeVisible();
    await page.getByRole("link", { name: "Show all versions" }).click();
    await expect(page).toHaveURL(new RegExp(`${model}$`));
    await expect(versionRows(page)).toHaveCount(9);
  });

  test("brand sorting is a plain GET form", async ({ page }) => {
    await page.goto(await toyotaPath(page));
    await page.getByLabel("Sort by").selectOption("name");
    await page.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(/\?sort=name$/);
    const names = await page.getByRole("article").getByRole("heading").allInnerTexts();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })));
  });
});

test("model and version pages carry Product JSON-LD with the spec's offers, and breadcrumbs", async ({ page }) => {
  const model = await hiluxPath(page);
  await page.goto(model);
  let blocks = await jsonLd(page);
  const product = blocks.find((b) => b["@type"] === "Product")!;
  expect(product).toMatchObject({ "@context": "https://schema.org", name: "Toyota Hilux Single Cab", brand: { "@type": "Brand", name: "Toyota" }, category: "Bakkie" });
  // No photo: the image is the page's link-preview card (decision 010).
  expect(product.image).toMatch(/^http:\/\/localhost:\d+\/apercu\/modele\/\d+\.[0-9a-f]{8}\.png$/);
  const offers = product.offers as { "@type": string; priceCurrency: string; lowPrice: number; highPrice: number };
  expect(offers["@type"]).toBe("AggregateOffer");
  expect(offers.priceCurrency).toBe("ZAR");
  expect(offers.highPrice).toBeGreaterThan(offers.lowPrice);
  const trail = blocks.find((b) => b["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
  expect(trail.itemListElement.map((i) => i.name)).toEqual(["Home", "New cars", "Toyota", "Hilux Single Cab"]);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(`from ${PRICE} to ${PRICE}`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${model}$`));

  await versionRows(page).first().getByRole("rowheader").getByRole("link").click();
  // The version page's address (one more segment than the model's) before reloading it.
  await expect(page).toHaveURL(/\/modele\/[a-z0-9-]+\/\d+-[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.reload();
  blocks = await jsonLd(page);
  const versionProduct = blocks.find((b) => b["@type"] === "Product")!;
  const offer = versionProduct.offers as Record<string, unknown>;
  expect(offer).toMatchObject({
    "@type": "Offer",
    priceCurrency: "ZAR",
    availability: "https://schema.org/InStock",
    itemCondition: "https://schema.org/NewCondition",
  });
  expect(typeof offer.price).toBe("number");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(PRICE));
});

test("catalogue pages send the public cache policy", async ({ page, request }) => {
  const brand = await toyotaPath(page);
  const response = await request.get(brand);
  expect(response.headers()["cache-control"]).toContain("s-maxage");
});

for (const width of [1280, 390]) {
  test(`brand, model and version pages pass axe at ${width} px and do not overflow`, async ({ page, checkA11y }) => {
    test.slow(); // five pages, five axe runs
    await page.setViewportSize({ width, height: 900 });
    const brand = await toyotaPath(page);
    const model = await hiluxPath(page);
    await page.goto(model);
    const version = await versionRows(page).first().getByRole("rowheader").getByRole("link").getAttribute("href");
    for (const path of [brand, model, `${model}?fuel=diesel`, `${model}?fuel=electric`, version!]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await checkA11y(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });
}

test("no console errors (hydration included) on the brand, model and version pages", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const model = await hiluxPath(page);
  await page.goto(model);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const version = await versionRows(page).first().getByRole("rowheader").getByRole("link").getAttribute("href");
  await page.goto(version!);
  await page.waitForLoadState("networkidle");
  // Client-side navigation between versions swaps the static parts too.
  await page.getByRole("region", { name: "Other Hilux Single Cab versions" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /2\.0 VVTi S \(A\/C\)$/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Price / })).toContainText("352.900 ZAR");
  expect(errors).toEqual([]);
});
