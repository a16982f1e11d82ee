import type { Page } from "@playwright/test";
import { expect, expectStatus, registerAndActivate, test, uniqueEmail } from "./fixtures";

// The used-car marketplace's hub and search, on the seeded demo ads: a plain GET form with the
// state in the URL, counts per facet, notices for bad parameters and offers to widen.
const HUB = "/marche-doccasion";
const SEARCH = "/marche-doccasion/rechercher";

// axe over a page of 24 cards and the footer's model list takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The number in the h1 ("1 234 used cars for sale"). */
// The address changes before the new results render, so tests poll it rather than read it once.
const headingCount = async (page: Page) => Number((await page.getByRole("heading", { level: 1 }).locator(".tabular").innerText()).replace(/\D/g, ""));
const cards = (page: Page) => page.getByTestId("search-results").locator("article");

test("hub: quick search, then filter, page and run past the end", async ({ page, checkA11y }) => {
  await expectStatus(page, HUB, 200);
  await expect(page.getByRole("heading", { level: 1, name: "Used cars for sale in South Africa" })).toBeVisible();
  await expect(page.getByText(/not cars for sale/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Newest ads" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sell my car" }).last()).toHaveAttribute("href", "/poster-une-annonce");
  await expect(page.getByRole("heading", { name: "Buy safely" })).toBeVisible();
  await checkA11y(page);

  // Make → model (the model select follows the make) → maximum price → province.
  const quick = page.getByRole("form", { name: "Quick search" });
  await quick.getByLabel("Make").selectOption("toyota");
  const model = quick.getByLabel("Model");
  await expect(model.locator("option")).not.toHaveCount(1);
  const modelSlug = await model.locator("option").nth(1).getAttribute("value");
  await model.selectOption(modelSlug!);
  await quick.getByRole("button", { name: /Search/ }).click();
  await expect(page).toHaveURL(`${SEARCH}?make1=toyota&model1=${modelSlug}`);
  await expect.poll(() => headingCount(page)).toBeGreaterThan(0);

  // The chip removes the pair; then a whole make, and a filter applied without a reload (the
  // page's own state survives).
  await page.getByRole("link", { name: /^Remove filter: Toyota / }).click();
  await expect(page).toHaveURL(SEARCH);
  // A changed select applies at once only when the app runs (the links above also work before).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect.poll(() => headingCount(page)).toBeGreaterThan(1000);
  const everything = await headingCount(page);
  await page.getByLabel("Make", { exact: true }).selectOption("toyota");
  await expect(page).toHaveURL(`${SEARCH}?make1=toyota`);
  await expect(page.getByLabel("Make", { exact: true })).toBeFocused();
  await expect.poll(() => headingCount(page)).toBeLessThan(everything);
  const toyotas = await headingCount(page);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const diesel = page.getByRole("group", { name: "Fuel" }).getByLabel(/Diesel/);
  await diesel.check();
  await expect(page).toHaveURL(`${SEARCH}?make1=toyota&fuel=diesel`);
  await expect(page.getByRole("link", { name: "Remove filter: Diesel" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await expect.poll(() => headingCount(page)).toBeLessThan(toyotas);
  // Focus stays on the box that was ticked.
  await expect(page.getByRole("group", { name: "Fuel" }).getByLabel(/Diesel/)).toBeFocused();

  // Page 2 of the whole make, then a page past the end: a 404 that explains itself.
  await page.goto(`${SEARCH}?make1=toyota`);
  expect(toyotas).toBeGreaterThan(24);
  const first = await cards(page).first().locator("h3").innerText();
  await page.getByRole("navigation", { name: "Pages of results" }).getByRole("link", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL(`${SEARCH}?make1=toyota&page=2`);
  await expect(page.getByRole("heading", { name: /^Ads 25–/ })).toBeVisible();
  expect(await cards(page).first().locator("h3").innerText()).not.toBe(first);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", /\/marche-doccasion\/rechercher\?make1=toyota$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/marche-doccasion\/rechercher\?make1=toyota&page=2$/);

  const past = await expectStatus(page, `${SEARCH}?make1=toyota&page=999`, 404);
  expect(past.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "There is no page 999" })).toBeVisible();
});

test("a result page's cards come once, as HTML; a client-side navigation's data carries them", async ({ request }) => {
  const query = "?body=suv&sort=price-asc";
  const html = await (await request.get(`${SEARCH}${query}`)).text();
  const slugs = [...html.matchAll(/href="\/marche-doccasion\/annonce\/(\d+-[a-z0-9-]+)"/g)].map((m) => m[1]!);
  expect(new Set(slugs).size).toBe(24);
  // The hydration data (turbo-stream JSON in a script) leaves the printed cards out.
  const hydration = html.slice(html.indexOf("streamController.enqueue"));
  expect(hydration).not.toContain(slugs[0]!.replace(/^\d+-/, ""));
  const data = await (await request.get(`${SEARCH}.data${query}`)).text();
  expect(data).toContain(slugs[0]!.replace(/^\d+-/, ""));
});

test("bad parameters become notices, never an error", async ({ page }) => {
  await expectStatus(page, `${SEARCH}?make1=lada&price_min=cheap&year_min=1800&fuel=steam&sort=worst&page=zero`, 200);
  const notices = page.getByTestId("search-notices").locator("li");
  await expect(notices).toHaveCount(6);
  await expect(notices.filter({ hasText: "lada" })).toHaveCount(1);
  await expect(notices.filter({ hasText: "steam" })).toHaveCount(1);
  await expect.poll(() => headingCount(page)).toBeGreaterThan(1000);
});

test("an empty search says why and offers to widen", async ({ page, checkA11y }) => {
  await expectStatus(page, `${SEARCH}?make1=toyota&q=zzqqxx`, 200);
  await expect(page.getByRole("heading", { name: "No car matches all these filters" })).toBeVisible();
  const offers = page.getByRole("list", { name: "Ways to widen the search" }).getByRole("link");
  await expect(offers.first()).toContainText("Remove “zzqqxx”");
  await checkA11y(page);
  await offers.first().click();
  await expect(page).toHaveURL(`${SEARCH}?make1=toyota`);
  await expect.poll(() => headingCount(page)).toBeGreaterThan(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form filters, sorts and lands on the canonical URL", async ({ page }) => {
    await expectStatus(page, SEARCH, 200);
    const all = await headingCount(page);
    await page.getByLabel("Make", { exact: true }).selectOption("volkswagen");
    await page.getByRole("group", { name: "Transmission" }).getByLabel(/Manual/).check();
    await page.getByLabel("Sort by").selectOption("price-asc");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(`${SEARCH}?make1=volkswagen&transmission=manual&sort=price-asc`);
    const filtered = await headingCount(page);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(all);
    for (const card of await cards(page).all()) await expect(card).toContainText("Volkswagen");
    await expect(page.getByRole("group", { name: "Transmission" }).getByLabel(/Manual/)).toBeChecked();
  });

  test("the hub's quick search is a plain form too", async ({ page }) => {
    await expectStatus(page, HUB, 200);
    const quick = page.getByRole("form", { name: "Quick search" });
    await quick.getByLabel("Province").selectOption("western-cape");
    await quick.getByRole("button", { name: /Search/ }).click();
    await expect(page).toHaveURL(`${SEARCH}?province=western-cape`);
    await expect.poll(() => headingCount(page)).toBeGreaterThan(0);
  });
});

test("the town filter lists the towns with the most ads, and every town of a chosen province", async ({ page }) => {
  await expectStatus(page, SEARCH, 200);
  const towns = page.getByRole("group", { name: "City" }).getByRole("checkbox");
  await expect(towns).toHaveCount(12);
  await expect(page.getByText("The towns with the most ads. Choose a province to see all of its towns.")).toBeVisible();

  await expectStatus(page, `${SEARCH}?province=western-cape`, 200);
  const westernCape = await towns.count();
  expect(westernCape).toBeGreaterThan(0);
  await expect(page.getByText("Choose a province to see all of its towns.")).toHaveCount(0);
  await expect(page.getByRole("group", { name: "City" }).getByLabel(/Cape Town/)).toBeVisible();

  // A town chosen from the address stays listed, checked, even when it is not among the twelve.
  await expectStatus(page, `${SEARCH}?city=upington`, 200);
  await expect(page.getByRole("group", { name: "City" }).getByLabel(/Upington/)).toBeChecked();
});

test.describe("a card's heart without JavaScript", () => {
  const FILTERED = `${SEARCH}?make1=toyota&sort=price-asc`;

  test("sends a visitor to sign in, then back to the search it was on; a member's heart saves and comes back", async ({ browser }) => {
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const page = await visitor.newPage();
    await expectStatus(page, FILTERED, 200);
    await cards(page).first().getByRole("button", { name: /^Save .* to favourites$/ }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(FILTERED)}`);
    await visitor.close();

    // A member signed in with scripts on, then browsing without them.
    const withScripts = await browser.newContext();
    await registerAndActivate(await withScripts.newPage(), "Lerato Mokoena", uniqueEmail("noscript-heart"));
    const member = await browser.newContext({ javaScriptEnabled: false, storageState: await withScripts.storageState() });
    await withScripts.close();
    const memberPage = await member.newPage();
    await expectStatus(memberPage, FILTERED, 200);
    const heart = cards(memberPage).first().getByRole("button", { name: /^Save .* to favourites$/ });
    const title = (await heart.getAttribute("aria-label"))!.replace(/^Save (.*) to favourites$/, "$1");
    await heart.click();
    await expect(memberPage).toHaveURL(FILTERED);
    const saved = cards(memberPage).first().getByRole("button", { name: `Remove ${title} from favourites` });
    await expect(saved).toHaveAttribute("aria-pressed", "true");
    await member.close();
  });
});

test("axe on the search page with filters", async ({ page, checkA11y }) => {
  await expectStatus(page, `${SEARCH}?body=suv&province=gauteng`, 200);
  await checkA11y(page);
});
