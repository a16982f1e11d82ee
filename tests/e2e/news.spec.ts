import { expect, expectStatus, test } from "./fixtures";

// Car news (spec section 2): hub → category → article → related, the search suggestion's link
// shape, pagination edges, the share popup, the Atom feed.
test.describe.configure({ timeout: 90_000 });

const ARTICLE_PATH = /\/actualite-auto\/[a-z-]+\/\d+-[a-z0-9-]+$/;
const ALL = "/actualite-auto/toute-l-actualite";

test("hub → category → article → related article", async ({ page }) => {
  await expectStatus(page, "/actualite-auto", 200);
  await expect(page.getByRole("heading", { level: 1, name: "Car news" })).toBeVisible();
  await expect(page).toHaveTitle(/^Car news in South Africa/);
  await expect(page.getByRole("region", { name: "Lead story" }).locator("article")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 2, name: "Latest news" })).toBeVisible();

  await page.getByRole("link", { name: /More road tests/ }).click();
  await expect(page).toHaveURL(/\/actualite-auto\/2-essais$/);
  await expect(page.getByRole("heading", { level: 1, name: "Road tests" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/actualite-auto\/2-essais$/);

  const card = page.locator("main article").first();
  const title = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("link").click();
  await expect(page).toHaveURL(ARTICLE_PATH);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Road tests" })).toBeVisible();
  await expect(page.locator("main time").first()).toBeVisible();
  await expect(page.getByText(/\d+ min read/).first()).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const article = jsonLd.map((t) => JSON.parse(t)).find((d) => d["@type"] === "NewsArticle");
  expect(article).toMatchObject({ headline: title, author: { "@type": "Person" } });
  expect(article.url).toMatch(ARTICLE_PATH);

  const related = page.getByRole("region", { name: "Related articles" }).locator("article");
  await expect(related.first()).toBeVisible();
  const relatedTitle = (await related.first().getByRole("heading").textContent())!.trim();
  await related.first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: relatedTitle })).toBeVisible();
  await expect(page).toHaveURL(ARTICLE_PATH);
});

test("an article links the models it mentions to their catalogue pages", async ({ page }) => {
  await expectStatus(page, "/actualite-auto/essais/1012-toyota-hilux-28-gd6-legend-road-test", 200);
  const models = page.getByRole("region", { name: "Models in this article" });
  await models.getByRole("link", { name: /Toyota Hilux Double Cab/ }).click();
  await expect(page).toHaveURL(/\/guide-auto\/voitures-neuves\/marque\/toyota\/modele\/\d+-hilux-double-cab$/);
});

test("a news suggestion in the top-bar search opens the article (toute-actualite link, canonical to the real URL)", async ({ page }) => {
  await page.goto("/");
  // Typing before hydration works too (search-field.spec.ts); here the app is running first.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const input = page.getByRole("combobox", { name: "Search new cars by brand or model" });
  await input.click();
  await input.pressSequentially("load shedding");
  const option = page.getByRole("option", { name: /Load-shedding and electric cars/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/actualite-auto\/toute-actualite\/2005-load-shedding-and-ev-ownership$/);
  await expect(page.getByRole("heading", { level: 1, name: /Load-shedding and electric cars/ })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/actualite-auto\/electrique\/2005-load-shedding-and-ev-ownership$/);
});

test("pagination edges: page 1 has no prev, the last has no next, past the end 404, bad page 400", async ({ page }) => {
  await expectStatus(page, ALL, 200);
  await expect(page.getByRole("heading", { level: 1, name: "All the news" })).toBeVisible();
  await expect(page.locator("main article")).toHaveCount(12);
  await expect(page.locator('link[rel="prev"]')).toHaveCount(0);
  await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", /\/actualite-auto\/toute-l-actualite\?page=2$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/actualite-auto\/toute-l-actualite$/);
  const pages = page.getByRole("navigation", { name: "Pages of articles" });
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);

  const last = Number((await pages.getByRole("link", { name: /^Page \d+$/ }).last().textContent())!.replace(/\D/g, ""));
  await pages.getByRole("link", { name: `Page ${last}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?page=${last}$`));
  await expect(page.getByRole("navigation", { name: "Pages of articles" }).getByRole("link", { name: "Next" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Pages of articles" }).getByRole("link", { name: "Previous" })).toBeVisible();
  await page.reload();
  await expect(page.locator('link[rel="next"]')).toHaveCount(0);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", last === 2 ? /toute-l-actualite$/ : new RegExp(`\\?page=${last - 1}$`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`\\?page=${last}$`));

  await expectStatus(page, `${ALL}?page=${last + 1}`, 404);
  await expectStatus(page, `${ALL}?page=abc`, 400);
  await expectStatus(page, `${ALL}?page=0`, 400);
});

test("ids must be numeric, stale slugs 301 to the canonical URL, the parent's own name is a 404", async ({ page, request }) => {
  await expectStatus(page, "/actualite-auto/essais/abc-road-test", 404);
  await expectStatus(page, "/actualite-auto/abc-essais", 404);
  await expectStatus(page, "/actualite-auto/actualite-auto", 404);
  await expectStatus(page, "/actualite-auto/essais/999999-nothing", 404);
  const staleArticle = await request.get("/actualite-auto/old-name/1012-old-slug", { maxRedirects: 0 });
  expect(staleArticle.status()).toBe(301);
  expect(staleArticle.headers().location).toMatch(/\/actualite-auto\/essais\/1012-toyota-hilux-28-gd6-legend-road-test$/);
  const staleCategory = await request.get("/actualite-auto/2-old-name", { maxRedirects: 0 });
  expect(staleCategory.status()).toBe(301);
  expect(staleCategory.headers().location).toMatch(/\/actualite-auto\/2-essais$/);
});

test("the share buttons open a 626×436 popup on the network's share page for this article", async ({ page, context }) => {
  // The network's own page is not the site under test: answer it locally, so no network is needed.
  await context.route(/^https:\/\/(www\.facebook\.com|x\.com|www\.linkedin\.com|wa\.me)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>share</title>" }),
  );
  const path = "/actualite-auto/essais/1012-toyota-hilux-28-gd6-legend-road-test";
  await page.goto(path);
  const articleUrl = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(articleUrl).toMatch(new RegExp(`${path}$`));
  for (const [network, prefix] of [
    ["facebook", "https://www.facebook.com/sharer/sharer.php?u="],
    ["x", "https://x.com/intent/post?url="],
    ["linkedin", "https://www.linkedin.com/sharing/share-offsite/?url="],
    ["whatsapp", "https://wa.me/?text="],
  ] as const) {
    const link = page.locator(`a[data-share="${network}"]`).first();
    await expect(link).toHaveAttribute("target", "_blank");
    const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url().startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(popup.url())).toContain(articleUrl!);
    const size = await popup.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    expect(size).toEqual({ width: 626, height: 436 });
    // The article stays where it was.
    expect(page.url()).toMatch(new RegExp(`${path}$`));
    await popup.close();
  }
});

test("the header's news menu lists the categories and its links work", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "News" }).click();
  const link = page.getByRole("navigation", { name: "Main" }).locator('a[href="/actualite-auto/4-electrique"]');
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/actualite-auto\/4-electrique$/);
  await expect(page.getByRole("heading", { level: 1, name: "Electric" })).toBeVisible();
});

test("/atom.xml is Atom 1.0 with the latest 30 articles, advertised on every page", async ({ page, request }) => {
  const response = await request.get("/atom.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/atom\+xml/);
  expect(response.headers()["cache-control"]).toMatch(/^public/);
  const { parseFeed } = await import("@rowanmanning/feed-parser");
  const feed = parseFeed(await response.text());
  expect(feed.meta.type).toBe("atom");
  expect(feed.items.length).toBeGreaterThan(0);
  expect(feed.items.length).toBeLessThanOrEqual(30);
  for (const item of feed.items) {
    expect(item.id).toMatch(ARTICLE_PATH);
    expect(item.title).toBeTruthy();
    expect(item.updated).toBeInstanceOf(Date);
    expect(item.authors.length).toBe(1);
    expect(item.description).toBeTruthy();
    expect(item.content).toBeTruthy();
  }
  for (const path of ["/", "/actualite-auto", ALL]) {
    await page.goto(path);
    await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", "/atom.xml");
  }
});

for (const width of [390, 1280]) {
  test(`axe at ${width} px: hub, list, category, article`, async ({ page, checkA11y }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/actualite-auto", ALL, "/actualite-auto/4-electrique", "/actualite-auto/electrique/2001-ev-running-costs-per-100km-vs-petrol"]) {
      await expectStatus(page, path, 200);
      await checkA11y(page);
    }
  });
}
