import { expect, expectStatus, test } from "./fixtures";

// The car guide: its hub and list sections (spec section 2).
// axe on a full catalogue page (footer with every model, cards with drawings) takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

const MODEL_PATH = /\/guide-auto\/voitures-neuves\/marque\/[a-z0-9-]+\/modele\/\d+-[a-z0-9-]+$/;
const VERSION_PATH = /\/guide-auto\/voitures-neuves\/marque\/[a-z0-9-]+\/modele\/[a-z0-9-]+\/\d+-[a-z0-9-]+$/;

const sections = [
  { path: "/guide-auto", heading: "The South African car guide", title: /^Car guide/, minCards: 12 },
  { path: "/guide-auto/voitures-neuves", heading: "New cars in South Africa", title: /^New cars/, minCards: 8 },
  { path: "/guide-auto/voitures-electriques", heading: "Electric and plug-in hybrid cars", title: /^Electric cars/, minCards: 10 },
  { path: "/guide-auto/promos-du-moment", heading: "Current promotions", title: /^New car promotions/, minCards: 3 },
  { path: "/guide-auto/voitures-haut-de-gamme", heading: "Premium and luxury cars", title: /^Premium/, minCards: 10 },
  { path: "/guide-auto/nouveautes-au-marche", heading: "New on the market", title: /^New cars launched/, minCards: 3 },
];

for (const section of sections) {
  test(`${section.path}: heading, cards, breadcrumbs, meta, and a card leads into the catalogue`, async ({ page, checkA11y }) => {
    await expectStatus(page, section.path, 200);
    await expect(page.getByRole("heading", { level: 1, name: section.heading })).toBeVisible();
    await expect(page).toHaveTitle(section.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${section.path}$`));
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" })).toBeVisible();
    expect(await page.locator("main article").count()).toBeGreaterThanOrEqual(section.minCards);
    await checkA11y(page);

    const card = page.locator("main article").first();
    const link = card.getByRole("link").first();
    const href = await link.getAttribute("href");
    expect(href).toMatch(section.path.endsWith("promos-du-moment") ? VERSION_PATH : MODEL_PATH);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });
}

test("the hub links every section of the guide, the search and the comparator", async ({ page }) => {
  await expectStatus(page, "/guide-auto", 200);
  const nav = page.getByRole("navigation", { name: "Sections of the car guide" });
  for (const href of [
    "/guide-auto/voitures-neuves",
    "/voitures-neuves/recherche",
    "/guide-auto/promos-du-moment",
    "/guide-auto/voitures-electriques",
    "/guide-auto/voitures-haut-de-gamme",
    "/guide-auto/nouveautes-au-marche",
    "/comparateur",
  ]) {
    await expect(nav.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  for (const heading of ["Popular models", "New on the market", "Electric picks", "Current promotions"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await nav.getByRole("link", { name: /Electric cars/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Electric and plug-in hybrid cars" })).toBeVisible();
});

for (const url of ["/guide-auto/guide-auto", "/guide-auto/xyz", "/guide-auto/avis-des-automobilistes/x"]) {
  test(`${url} is the 404 page`, async ({ page }) => {
    await expectStatus(page, url, 404);
  });
}

test("new cars: every brand with its model count and starting price, filtered by body type", async ({ page, checkA11y }) => {
  await expectStatus(page, "/guide-auto/voitures-neuves", 200);
  const brands = page.locator('section[aria-labelledby="brands-heading"] li');
  const allBrands = await brands.count();
  expect(allBrands).toBeGreaterThanOrEqual(30);
  await expect(brands.filter({ hasText: "Toyota" }).first()).toContainText(/\d+ models/);
  await expect(brands.filter({ hasText: "Toyota" }).first()).toContainText(/from \d{1,3}(\.\d{3})+ ZAR/);

  await page.getByRole("navigation", { name: "Filter by body type" }).getByRole("link", { name: /^Bakkie/ }).click();
  await expect(page).toHaveURL(/\/guide-auto\/voitures-neuves\?carrosserie=bakkie$/);
  await expect(page.getByRole("heading", { level: 1, name: "New bakkies in South Africa" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Bakkie/ })).toHaveAttribute("aria-current", "page");
  const bakkieBrands = await brands.count();
  expect(bakkieBrands).toBeGreaterThan(0);
  expect(bakkieBrands).toBeLessThan(allBrands);
  const cards = page.locator("main article");
  expect(await cards.count()).toBeGreaterThan(0);
  for (const chips of await cards.getByRole("list", { name: "Characteristics" }).all()) await expect(chips).toContainText("Bakkie");
  await checkA11y(page);
});

test("new cars: an unknown body type shows every car with a notice, not an error", async ({ page }) => {
  await expectStatus(page, "/guide-auto/voitures-neuves?carrosserie=spaceship", 200);
  await expect(page.getByRole("status")).toContainText("There is no body type “spaceship”");
  await expect(page.getByRole("heading", { level: 1, name: "New cars in South Africa" })).toBeVisible();
});

test("electric cars show range and battery on each card, fully electric first", async ({ page }) => {
  await expectStatus(page, "/guide-auto/voitures-electriques", 200);
  const first = page.locator('section[aria-labelledby="electric-heading"] article').first();
  await expect(first.getByText("Range", { exact: true })).toBeVisible();
  await expect(first).toContainText(/\d+(–\d+)? km/);
  await expect(first).toContainText(/\d+(\.\d)?(–\d+(\.\d)?)? kWh/);
  await expect(page.locator('section[aria-labelledby="plug-in-hybrids-heading"] article').first()).toContainText("Electric range");
  await expect(page.getByRole("heading", { name: "Electric or plug-in hybrid?" })).toBeVisible();
});

test("promotions show the old price struck through, the new price, the saving and the end date", async ({ page }) => {
  await expectStatus(page, "/guide-auto/promos-du-moment", 200);
  const card = page.locator("main article").first();
  await expect(card.locator(".line-through")).toContainText(/was \d{1,3}(\.\d{3})+ ZAR/);
  await expect(card).toContainText(/Save \d{1,3}(\.\d{3})+ ZAR/);
  await expect(card).toContainText(/Until \d{1,2} \w+ \d{4}/);
});

test("new arrivals show their launch month, newest first", async ({ page }) => {
  await expectStatus(page, "/guide-auto/nouveautes-au-marche", 200);
  const times = await page.locator("main article time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
  expect(times.length).toBeGreaterThan(0);
  expect(times).toEqual([...times].sort().reverse());
  await expect(page.locator("main article").first()).toContainText(/Launched \w+ \d{4}/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const section of sections) {
    test(`${section.path} passes axe and does not scroll sideways`, async ({ page, checkA11y }) => {
      await expectStatus(page, section.path, 200);
      await checkA11y(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }
});
