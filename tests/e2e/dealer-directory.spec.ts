import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_BASE_URL } from "../setup/e2e-paths";
import { expect, expectStatus, holdAppScripts, test } from "./fixtures";

// The dealer directory (/concessionnaires), its car-guide entry and "Dealers near you" on model
// pages, on the seeded demo dealers: a plain GET form with the state in the URL, counts per
// choice, notices for bad values; the dealer pages themselves are another spec's.
const DIRECTORY = "/concessionnaires";
const GUIDE_ENTRY = "/guide-auto/liste-des-concessionnaires";
const DEALER_HREF = /^\/concessionnaires\/\d+-[a-z0-9-]+$/;

// axe over a page of 24 cards and the footer's model list takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The number of dealers in the results heading ("184 dealers · 1–24"). */
const resultCount = async (page: Page) => Number((await page.locator("#results-heading .tabular").first().innerText()).replace(/\D/g, ""));
const cards = (page: Page) => page.getByTestId("dealer-results").locator("article");

/** Toyota's id and a Toyota model page's path, read from the brand menu (ids are not hard-coded). */
async function toyota(request: APIRequestContext): Promise<{ id: number; modelPath: string }> {
  const brands = (await (await request.get("/menus/brands.json")).json()) as { id: number; slug: string; models: { id: number; slug: string }[] }[];
  const brand = brands.find((b) => b.slug === "toyota")!;
  const model = brand.models[0]!;
  return { id: brand.id, modelPath: `/guide-auto/voitures-neuves/marque/toyota/modele/${model.id}-${model.slug}` };
}

test("the directory filters by brand and province at once, and a card links to its dealer's page", async ({ page, checkA11y }) => {
  await expectStatus(page, DIRECTORY, 200);
  await expect(page.getByRole("heading", { level: 1, name: "Car dealers in South Africa" })).toBeVisible();
  await expect(page.getByText(/marked “demo data” are examples/)).toBeVisible();
  const everyone = await resultCount(page);
  expect(everyone).toBeGreaterThanOrEqual(150);
  await expect(cards(page)).toHaveCount(24);
  await checkA11y(page);
  // The cards are printed apart from the request and kept (decision 012): a print has none of the
  // text separators React writes between adjacent texts when it renders them with the page.
  const html = await (await page.request.get(DIRECTORY)).text();
  const island = html.slice(html.indexOf('id="dealers-'), html.indexOf('aria-label="Pages of dealers"'));
  expect(island).toContain("Call ");
  expect(island).not.toContain("<!-- -->");

  // A changed select applies at once (the app runs: the fixture waited for it).
  await page.getByLabel("Brand", { exact: true }).selectOption("toyota");
  await expect(page).toHaveURL(`${DIRECTORY}?brand=toyota`);
  await expect(page.getByRole("heading", { level: 1, name: "Toyota dealers in South Africa" })).toBeVisible();
  await expect(page.getByLabel("Brand", { exact: true })).toBeFocused();
  await page.getByLabel("Province", { exact: true }).selectOption("gauteng");
  await expect(page).toHaveURL(`${DIRECTORY}?brand=toyota&province=gauteng`);
  await expect(page.getByRole("heading", { level: 1, name: "Toyota dealers in Gauteng" })).toBeVisible();
  const toyotasInGauteng = await resultCount(page);
  expect(toyotasInGauteng).toBeGreaterThan(0);
  await expect(cards(page)).toHaveCount(Math.min(24, toyotasInGauteng));
  // The province's count in its own select is the result count (the rule: other filters applied).
  await expect(page.getByLabel("Province", { exact: true }).locator("option:checked")).toHaveText(`Gauteng (${toyotasInGauteng})`);
  for (const card of await cards(page).all()) {
    await expect(card).toContainText("Toyota");
    await expect(card).toContainText("Gauteng");
  }

  const first = cards(page).first();
  await expect(first.getByRole("heading").getByRole("link")).toHaveAttribute("href", DEALER_HREF);
  await expect(first.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:\+2710555\d{4}$/);
  await checkA11y(page);

  // Services narrow; a chip removes its filter.
  await page.getByRole("group", { name: "Services" }).getByLabel(/Finance/).check();
  await expect(page).toHaveURL(`${DIRECTORY}?brand=toyota&province=gauteng&services=finance`);
  await page.getByRole("link", { name: "Remove filter: Gauteng" }).click();
  await expect(page).toHaveURL(`${DIRECTORY}?brand=toyota&services=finance`);
  await expect(page.getByRole("heading", { level: 1, name: "Toyota dealers in South Africa" })).toBeVisible();
  await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
});

test("a search by town, the marketplace filter, paging and the sort by town", async ({ page }) => {
  await expectStatus(page, `${DIRECTORY}?q=Cape+Town`, 200);
  expect(await resultCount(page)).toBeGreaterThanOrEqual(3);
  for (const card of await cards(page).all()) await expect(card).toContainText("Cape Town");
  // A card leads to its dealer's page (that page is the dealer page spec's).
  const link = cards(page).first().getByRole("heading").getByRole("link");
  const name = await link.innerText();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${DEALER_HREF.source.slice(1, -1)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  await page.goto(`${DIRECTORY}?marketplace=1`);
  expect(await resultCount(page)).toBeGreaterThanOrEqual(40);
  for (const card of (await cards(page).all()).slice(0, 6)) await expect(card).toContainText(/On Voitura · \d+ ads?/);

  await page.goto(`${DIRECTORY}?sort=town`);
  const next = page.getByRole("navigation", { name: "Pages of dealers" }).getByRole("link", { name: /Next/ });
  await expect(next).toHaveAttribute("href", `${DIRECTORY}?sort=town&page=2`);
  await next.click();
  await expect(page).toHaveURL(`${DIRECTORY}?sort=town&page=2`);
  await expect(page.locator("#results-heading")).toContainText("25–48");
});

test("bad values are dropped with a notice, a page past the end is a 404, and an empty result offers a way out", async ({ page, checkA11y }) => {
  await expectStatus(page, `${DIRECTORY}?brand=lada&province=gotham&sells=both`, 200);
  const notices = page.getByTestId("search-notices");
  await expect(notices).toContainText("There is no brand “lada” in the catalogue");
  await expect(notices).toContainText("Province “gotham” is not a South African province");
  await expect(notices).toContainText("New or used “both” is not a valid choice");
  await expect(page.getByRole("heading", { level: 1, name: "Car dealers in South Africa" })).toBeVisible();

  await expectStatus(page, `${DIRECTORY}?page=999`, 404);
  await expect(page.getByRole("heading", { name: "There is no page 999" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the last page" })).toHaveAttribute("href", /^\/concessionnaires\?page=\d$/);

  await expectStatus(page, `${DIRECTORY}?q=zzqqxx&province=limpopo`, 200);
  await expect(page.getByRole("heading", { name: "No dealer matches all these filters" })).toBeVisible();
  await checkA11y(page);
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(DIRECTORY);
  await expect.poll(() => resultCount(page)).toBeGreaterThanOrEqual(150);

  // The directory's parent route rejects its own name (spec: the numeric id check).
  await expectStatus(page, `${DIRECTORY}/concessionnaires`, 404);
});

test("the car guide's entry shows the same directory with its canonical link on /concessionnaires", async ({ page, checkA11y }) => {
  await expectStatus(page, GUIDE_ENTRY, 200);
  await expect(page.getByRole("heading", { level: 1, name: "Car dealers in South Africa" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Car guide" })).toHaveAttribute("href", "/guide-auto");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${E2E_BASE_URL}${DIRECTORY}`);
  await expect(page.getByRole("form", { name: "Dealer filters" })).toHaveAttribute("action", DIRECTORY);
  await expect(cards(page)).toHaveCount(24);
  await checkA11y(page);

  await expectStatus(page, `${GUIDE_ENTRY}?province=gauteng&brand=toyota`, 200);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${E2E_BASE_URL}${DIRECTORY}?brand=toyota&province=gauteng`);
  await page.getByLabel("Province", { exact: true }).selectOption("western-cape");
  await expect(page).toHaveURL(`${DIRECTORY}?brand=toyota&province=western-cape`);
});

test("Dealers near you on a model page: choose a province, see its dealers, and find it again after a reload", async ({ page, request, checkA11y }) => {
  const { id, modelPath } = await toyota(request);
  await expectStatus(page, modelPath, 200);
  // Here the app runs first (a province chosen before it does: the next test).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const section = page.getByRole("region", { name: "Toyota dealers near you" });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText("Choose your province to see Toyota dealers")).toBeVisible();
  await expect(section.getByRole("link", { name: "see every Toyota dealer in South Africa" })).toHaveAttribute("href", `${DIRECTORY}?brand=toyota&sells=new`);

  await section.getByLabel("Your province").selectOption("gauteng");
  const dealers = section.getByTestId("nearby-dealers").getByRole("listitem");
  await expect(dealers.first()).toBeVisible();
  const shown = await dealers.count();
  expect(shown).toBeGreaterThanOrEqual(1);
  expect(shown).toBeLessThanOrEqual(4);
  await expect(dealers.first().getByRole("heading").getByRole("link")).toHaveAttribute("href", DEALER_HREF);
  // Open now or not, in South African time, worked out in the browser.
  await expect(dealers.first().getByTestId("opening-status")).toHaveText(/^(Open now · closes \d\d:\d\d|Open 24 hours|Closed( · opens .+)?)$/);
  await expect(section.getByRole("link", { name: /^See (all \d+ Toyota dealers in Gauteng|them in the dealer directory)$/ })).toHaveAttribute(
    "href",
    `${DIRECTORY}?brand=toyota&province=gauteng&sells=new`,
  );
  expect(await page.evaluate(() => localStorage.getItem("dealer-province"))).toBe("gauteng");
  await checkA11y(page, "section[aria-labelledby='dealers-near-heading']");

  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByLabel("Your province")).toHaveValue("gauteng");
  await expect(section.getByTestId("nearby-dealers").getByRole("listitem")).toHaveCount(shown);

  // The section's resource is public and cacheable; bad parameters are a 400.
  const answer = await request.get(`${DIRECTORY}/proches.json?brand=${id}&province=gauteng`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
  expect(((await answer.json()) as { total: number }).total).toBeGreaterThanOrEqual(shown);
  expect((await request.get(`${DIRECTORY}/proches.json?brand=toyota`)).status()).toBe(400);
});

test("Dealers near you: a province chosen before the app runs is the one shown and remembered", async ({ page, request }) => {
  const { modelPath } = await toyota(request);
  const release = await holdAppScripts(page);
  await page.goto(modelPath, { waitUntil: "commit" });
  const section = page.getByRole("region", { name: "Toyota dealers near you" });
  await section.getByLabel("Your province").selectOption("gauteng");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await release();
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByLabel("Your province")).toHaveValue("gauteng");
  await expect(section.getByText("Choose your province to see Toyota dealers")).toBeHidden();
  await expect(section.getByRole("link", { name: /^See (all \d+ Toyota dealers in Gauteng|them in the dealer directory)$/ })).toHaveAttribute(
    "href",
    `${DIRECTORY}?brand=toyota&province=gauteng&sells=new`,
  );
  expect(await page.evaluate(() => localStorage.getItem("dealer-province"))).toBe("gauteng");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the directory's GET form filters by brand and province and lands on the canonical URL", async ({ page }) => {
    await expectStatus(page, DIRECTORY, 200);
    const everyone = await resultCount(page);
    await page.getByLabel("Brand", { exact: true }).selectOption("toyota");
    await page.getByLabel("Province", { exact: true }).selectOption("gauteng");
    await page.getByLabel("Sort by").selectOption("town");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(`${DIRECTORY}?brand=toyota&province=gauteng&sort=town`);
    await expect(page.getByRole("heading", { level: 1, name: "Toyota dealers in Gauteng" })).toBeVisible();
    const filtered = await resultCount(page);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(everyone);
    for (const card of await cards(page).all()) await expect(card).toContainText("Gauteng");
    await expect(cards(page).first().getByRole("heading").getByRole("link")).toHaveAttribute("href", DEALER_HREF);
  });

  test("a model page's Dealers near you is a form to the directory", async ({ page, request }) => {
    const { modelPath } = await toyota(request);
    await expectStatus(page, modelPath, 200);
    const section = page.getByRole("region", { name: "Toyota dealers near you" });
    await section.getByLabel("Your province").selectOption("kwazulu-natal");
    await section.getByRole("button", { name: "See Toyota dealers" }).click();
    await expect(page).toHaveURL(`${DIRECTORY}?brand=toyota&province=kwazulu-natal&sells=new`);
    await expect(page.getByRole("heading", { level: 1, name: "Toyota dealers in KwaZulu-Natal" })).toBeVisible();
    expect(await resultCount(page)).toBeGreaterThan(0);
  });
});
