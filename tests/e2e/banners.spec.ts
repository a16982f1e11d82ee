import type { Page } from "@playwright/test";
import { expect, expectStatus, test } from "./fixtures";

// Banners (issue 17) on the seeded demo banners: the API, the reserved boxes, /b/{id} and the beacon.
type BannerItem = { id: number; title: string; image_path: string; link_url: string; image_width: number; image_height: number; alt_text: string };

async function liveBanners(request: import("@playwright/test").APIRequestContext): Promise<Record<string, BannerItem[]>> {
  const response = await request.get("/api.php?endpoint=get_banners");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Record<string, BannerItem[]> }).data;
}

async function hiluxPath(page: Page): Promise<string> {
  await page.goto("/");
  await page.goto((await page.locator("#home-brands a", { hasText: "Toyota" }).first().getAttribute("href"))!);
  return (await page.getByRole("link", { name: "Toyota Hilux Single Cab", exact: true }).getAttribute("href"))!;
}

test("get_banners answers the live demo banners by slot, with image size and alt text", async ({ request }) => {
  const data = await liveBanners(request);
  expect(Object.keys(data).sort()).toEqual(["article-inline", "home-top", "model-side", "used-search-results"]);
  for (const banner of Object.values(data).flat()) {
    expect(banner).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      image_path: expect.stringMatching(/^\/banners\/demo-.+\.svg$/),
      link_url: expect.stringMatching(/^\/[^/]/),
      image_width: expect.any(Number),
      image_height: expect.any(Number),
      alt_text: expect.stringMatching(/^Demo banner: /),
    });
    const image = await request.get(banner.image_path);
    expect(image.status(), banner.image_path).toBe(200);
  }
  // The comparator takes four cars: the banner says so.
  expect(data["home-top"]!.map((b) => b.title)).toContain("Compare up to four cars side by side");
});

test("the home page shows its banner in a reserved box marked Advertisement, even before the image loads", async ({ page, checkA11y }) => {
  // Images never arrive: the box must still have the image's shape.
  await page.route("**/banners/**", (route) => route.abort());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const slot = page.getByRole("complementary", { name: "Advertisement" });
  await expect(slot).toBeVisible();
  await expect(slot.getByText("Advertisement", { exact: true })).toBeVisible();
  const link = slot.getByRole("link");
  await expect(link).toHaveAttribute("href", /^\/b\/\d+$/);
  await expect(link).toHaveAttribute("rel", "sponsored noopener");
  const image = link.getByRole("img");
  await expect(image).toHaveAttribute("alt", /^Demo banner: /);
  const box = (await image.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(1200 / 300, 1);
  await page.unroute("**/banners/**");
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor();
  await checkA11y(page);
});

test("a banner click goes through /b/{id} to the banner's own link", async ({ page, request }) => {
  const home = (await liveBanners(request))["home-top"]!;
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor();
  const href = (await page.getByRole("complementary", { name: "Advertisement" }).getByRole("link").getAttribute("href"))!;
  const banner = home.find((b) => `/b/${b.id}` === href)!;
  expect(banner).toBeDefined();
  await page.getByRole("complementary", { name: "Advertisement" }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${banner.link_url.replace(/[?]/g, "\\?")}$`));

  // The target is the stored link, whatever the query says; never cached.
  const response = await request.get(`${href}?url=https://example.com/&to=//example.com`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe(banner.link_url);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
});

test("/b/ with an unknown or non-numeric id is the 404 page", async ({ page }) => {
  await expectStatus(page, "/b/999999", 404);
  await expectStatus(page, "/b/abc", 404);
  await expectStatus(page, "/b/12abc", 404);
});

test("the impression beacon takes banner ids and refuses a bad body", async ({ request }) => {
  const id = (await liveBanners(request))["home-top"]![0]!.id;
  expect((await request.post("/b/vues", { form: { ids: String(id) } })).status()).toBe(204);
  expect((await request.post("/b/vues", { form: { ids: "abc" } })).status()).toBe(400);
  expect((await request.post("/b/vues", { form: { nope: "1" } })).status()).toBe(400);
});

test("the model page shows a banner targeted at its brand or body type", async ({ page, checkA11y }) => {
  // axe over a whole page takes long on a busy machine.
  test.slow();
  await page.goto(await hiluxPath(page));
  const side = page.getByRole("complementary", { name: "Advertisement" });
  // The Hilux is a Toyota bakkie: one of the two banners targeted at it.
  await expect(side.getByRole("img")).toHaveAttribute("alt", /^Demo banner: (used Toyotas|bakkies)/);
  await expect(side.getByRole("img")).toHaveAttribute("loading", "lazy");
  await page.locator("html[data-hydrated]").waitFor();
  await checkA11y(page);
});

test("a news article shows its inline banner", async ({ page, checkA11y }) => {
  // axe over a whole page takes long on a busy machine.
  test.slow();
  await page.goto("/actualite-auto");
  await page.goto((await page.locator('main a[href^="/actualite-auto/"][href*="/"]').filter({ hasText: /\w/ }).evaluateAll((links) => links.map((a) => a.getAttribute("href")).find((h) => /^\/actualite-auto\/[^/]+\/\d+-/.test(h ?? ""))))!);
  await expect(page.getByRole("complementary", { name: "Advertisement" }).getByRole("img")).toHaveAttribute("alt", /^Demo banner: /);
  await page.locator("html[data-hydrated]").waitFor();
  await checkA11y(page);
});

test("the used-car search in Gauteng shows the banner targeted at Gauteng", async ({ page, checkA11y }) => {
  // axe over a whole page takes long on a busy machine.
  test.slow();
  await page.goto("/marche-doccasion/rechercher?province=gauteng");
  await expect(page.getByRole("complementary", { name: "Advertisement" }).getByRole("img")).toHaveAttribute("alt", /^Demo banner: selling in Gauteng/);
  await page.locator("html[data-hydrated]").waitFor();
  await checkA11y(page);
});
