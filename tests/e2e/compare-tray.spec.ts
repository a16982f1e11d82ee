import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The compare actions and the compare tray (issue 4): picking cars on model, version and search
// pages, the tray on every page, kept across reloads, navigations and tabs. The comparator page
// itself is not part of this spec: the tray's "Compare now" link is checked, not the page behind.

const BRAND_LINK = /^\/guide-auto\/voitures-neuves\/marque\/toyota\/\d+$/;
const FULL_MESSAGE = "You can compare up to 4 cars. Remove one first.";

/** A Toyota model page's path, as the brand page links it (ids are not hard-coded). */
async function toyotaModelPath(page: Page, name: string): Promise<string> {
  await page.goto("/");
  const brand = await page.locator("#home-brands a", { hasText: "Toyota" }).first().getAttribute("href");
  expect(brand).toMatch(BRAND_LINK);
  await page.goto(brand!);
  const href = await page.getByRole("link", { name: `Toyota ${name}`, exact: true }).getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

interface Row {
  id: number;
  name: string;
  href: string;
  compare: Locator;
}

/** The model page's version rows: id (from the version link), full name, compare control. */
async function versionRows(page: Page, modelLabel: string): Promise<Row[]> {
  const rows = page.getByRole("table", { name: new RegExp(`^Versions of the ${modelLabel} `) }).locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const result: Row[] = [];
  for (const row of await rows.all()) {
    const link = row.getByRole("rowheader").getByRole("link");
    const href = (await link.getAttribute("href"))!;
    const id = Number(/\/(\d+)-[^/]+$/.exec(href)?.[1]);
    expect(id).toBeGreaterThan(0);
    const name = `${modelLabel} ${(await link.innerText()).trim()}`;
    result.push({ id, name, href, compare: row.locator("td").last().locator("a, button") });
  }
  return result;
}

const tray = (page: Page) => page.getByRole("region", { name: "Compare tray" });

async function trayNames(page: Page): Promise<string[]> {
  const labels = await tray(page).getByRole("button", { name: /^Remove .* from the comparison$/ }).evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute("aria-label") ?? ""),
  );
  return labels.map((l) => l.replace(/^Remove /, "").replace(/ from the comparison$/, ""));
}

/** The text a sighted visitor reads (screen-reader-only text left out). */
function visibleText(locator: Locator): Promise<string> {
  return locator.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll(".sr-only")) hidden.remove();
    return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
  });
}

/** The tray's count, as shown at this width (the phone bar's toggle or the wide bar's text). */
async function expectCount(page: Page, count: number): Promise<void> {
  await expect(tray(page).getByText(`${count} cars to compare`).filter({ visible: true })).toBeVisible();
}

const compareNow = (page: Page) => tray(page).getByRole("link", { name: "Compare now" });

async function waitForApp(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("pick cars on model and version pages: the tray follows across reloads and pages, four at most", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const corolla = await toyotaModelPath(page, "Corolla Cross");
  const hilux = await toyotaModelPath(page, "Hilux Single Cab");

  await page.goto(corolla);
  const heightWithoutTray = await page.evaluate(() => document.documentElement.scrollHeight);
  await expect(tray(page)).toHaveCount(0);
  const rows = await versionRows(page, "Toyota Corolla Cross");
  expect(rows.length).toBeGreaterThanOrEqual(5);
  const [a, b, c, d, e] = rows as [Row, Row, Row, Row, Row];

  // Two cars from the model page: the controls are pressed toggles, the tray names both.
  await expect(a.compare).toHaveRole("button");
  await expect(a.compare).toHaveAccessibleName(`Compare ${a.name}`);
  await expect(a.compare).toHaveAttribute("aria-pressed", "false");
  await a.compare.click();
  await expect(a.compare).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => visibleText(a.compare)).toMatch(/^Added\s*✓$/);
  await expect.poll(() => visibleText(b.compare)).toBe("Compare");
  await b.compare.click();
  await expect(b.compare).toHaveAttribute("aria-pressed", "true");
  await expect(tray(page)).toBeVisible();
  await expectCount(page, 2);
  await expect.poll(() => trayNames(page)).toEqual([a.name, b.name]);
  await expect(compareNow(page)).toHaveAttribute("href", `/comparateur?versions=${a.id},${b.id}`);

  // The tray does not cover the page: at the very bottom, the footer ends above it. Scrolled again
  // at each look, since the footer's catalogue lays out its real height only once near (decision 027).
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const footer = document.querySelector("footer")!.getBoundingClientRect();
        const bar = document.querySelector('section[aria-label="Compare tray"]')!.getBoundingClientRect();
        return Math.round(bar.top - footer.bottom);
      }),
    )
    .toBeGreaterThanOrEqual(0);

  // A reload keeps the selection and the pressed states.
  await page.reload();
  await waitForApp(page);
  await expect.poll(() => trayNames(page)).toEqual([a.name, b.name]);
  await expect(a.compare).toHaveAttribute("aria-pressed", "true");
  await expect(c.compare).toHaveAttribute("aria-pressed", "false");

  // Another model's version page: the tray is there, and that version joins it.
  await page.goto(hilux);
  const hiluxRow = (await versionRows(page, "Toyota Hilux Single Cab"))[0]!;
  await page.goto(hiluxRow.href);
  await expect(page.getByRole("heading", { level: 1, name: hiluxRow.name })).toBeVisible();
  await expect.poll(() => trayNames(page)).toEqual([a.name, b.name]);
  const versionCompare = page.getByRole("button", { name: `Compare ${hiluxRow.name}` });
  await versionCompare.click();
  await expect(page.getByRole("button", { name: new RegExp(`^Added .*${hiluxRow.name}$`), pressed: true })).toBeVisible();
  await expectCount(page, 3);
  await expect.poll(() => trayNames(page)).toEqual([a.name, b.name, hiluxRow.name]);

  // Removing one from the tray: focus moves to the next car's remove button.
  await tray(page).getByRole("button", { name: `Remove ${a.name} from the comparison` }).click();
  await expectCount(page, 2);
  await expect.poll(() => trayNames(page)).toEqual([b.name, hiluxRow.name]);
  await expect(tray(page).getByRole("button", { name: `Remove ${b.name} from the comparison` })).toBeFocused();
  await expect(compareNow(page)).toHaveAttribute("href", `/comparateur?versions=${b.id},${hiluxRow.id}`);

  // Back on the model page, in-app: fill the tray to four, then a fifth is refused with a toast.
  await page.goto(corolla);
  await expect(b.compare).toHaveAttribute("aria-pressed", "true");
  await expect(a.compare).toHaveAttribute("aria-pressed", "false");
  await c.compare.click();
  await d.compare.click();
  await expectCount(page, 4);
  await e.compare.click();
  await expect(page.getByText(FULL_MESSAGE)).toBeVisible();
  await expect(e.compare).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => trayNames(page)).toEqual([b.name, hiluxRow.name, c.name, d.name]);
  await expect(compareNow(page)).toHaveAttribute("href", `/comparateur?versions=${b.id},${hiluxRow.id},${c.id},${d.id}`);

  // A second click on a pressed control takes the car out.
  await c.compare.click();
  await expect(c.compare).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => trayNames(page)).toEqual([b.name, hiluxRow.name, d.name]);

  // Clear: the tray goes, the controls are released, the page has no room kept for it.
  await tray(page).getByRole("button", { name: "Clear" }).click();
  await expect(tray(page)).toHaveCount(0);
  await expect(page.locator("[data-compare-tray-spacer]")).toHaveCount(0);
  await expect(b.compare).toHaveAttribute("aria-pressed", "false");
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(heightWithoutTray);
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--compare-tray-height"))).toBe("");
  expect(await page.evaluate(() => localStorage.getItem("compare-versions"))).toBe("[]");
});

test("a second tab sees the same selection, and each tab follows the other", async ({ page, context }) => {
  const corolla = await toyotaModelPath(page, "Corolla Cross");
  await page.goto(corolla);
  const [a, b] = (await versionRows(page, "Toyota Corolla Cross")) as [Row, Row];
  await a.compare.click();
  await expect(tray(page)).toBeVisible();

  // A tab opened now starts with the stored selection.
  const other = await context.newPage();
  await other.goto("/");
  await waitForApp(other);
  await expect(tray(other)).toBeVisible();
  await expect.poll(() => trayNames(other)).toEqual([a.name]);

  // A car added here shows there, at once.
  await b.compare.click();
  await expectCount(other, 2);
  await expect.poll(() => trayNames(other)).toEqual([a.name, b.name]);

  // Cleared there: gone here, and the controls here are released.
  await tray(other).getByRole("button", { name: "Clear" }).click();
  await expect(tray(other)).toHaveCount(0);
  await expect(tray(page)).toHaveCount(0);
  await expect(a.compare).toHaveAttribute("aria-pressed", "false");

  // A tab that had no tray gets one when the other tab picks a car.
  await a.compare.click();
  await expect(tray(other)).toBeVisible();
  await expect.poll(() => trayNames(other)).toEqual([a.name]);
  await other.close();
});

test("the tray stays off the comparator page and out of print", async ({ page }) => {
  const corolla = await toyotaModelPath(page, "Corolla Cross");
  await page.goto(corolla);
  const [a] = (await versionRows(page, "Toyota Corolla Cross")) as [Row];
  await a.compare.click();
  await expect(tray(page)).toBeVisible();

  await page.emulateMedia({ media: "print" });
  await expect(tray(page)).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await expect(tray(page)).toBeVisible();

  await compareNow(page).click();
  await expect(page).toHaveURL(new RegExp(`/comparateur\\?versions=${a.id}$`));
  await waitForApp(page);
  await expect(tray(page)).toHaveCount(0);
  await page.goBack();
  await expect(tray(page)).toBeVisible();
});

test("axe-clean with the tray open; on a phone the compact bar unfolds by keyboard, without sideways scrolling", async ({ page, checkA11y }) => {
  // Two axe runs over a full model page.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const corolla = await toyotaModelPath(page, "Corolla Cross");
  await page.goto(corolla);
  const rows = await versionRows(page, "Toyota Corolla Cross");
  for (const row of rows.slice(0, 3)) await row.compare.click();
  await expectCount(page, 3);
  await checkA11y(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await waitForApp(page);
  await expect(tray(page)).toBeVisible();
  await checkA11y(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // Folded: the count and "Compare now"; the cars are one key press away.
  const toggle = tray(page).getByRole("button", { name: "3 cars to compare" });
  const firstRemove = tray(page).getByRole("button", { name: `Remove ${rows[0]!.name} from the comparison` });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(compareNow(page)).toBeVisible();
  await expect(firstRemove).toBeHidden();

  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(firstRemove).toBeVisible();
  await expect(tray(page).getByRole("button", { name: "Clear" })).toBeVisible();
  await checkA11y(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.keyboard.press("Tab");
  await expect(firstRemove).toBeFocused();

  // Escape folds it back and returns to the toggle; Space unfolds, Enter folds.
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await expect(firstRemove).toBeHidden();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});

test("the compare action on a search result adds that car with its full name", async ({ page }) => {
  await page.goto("/voitures-neuves/recherche?q=polo");
  const card = page.locator("main article").filter({ hasText: "Polo" }).first();
  await expect(card.getByRole("button", { name: /^Compare Volkswagen Polo /, pressed: false })).toBeVisible();
  const compare = card.locator("button[aria-pressed]");
  const name = ((await compare.textContent()) ?? "").replace(/^Compare\s*/, "").trim();
  expect(name).toMatch(/^Volkswagen Polo .+/);
  await compare.click();
  await expect(compare).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => trayNames(page)).toEqual([name]);
});

test("search results keep their compare toggles from the first page to the next search", async ({ page }) => {
  // The first page's cards are kept as the server printed them; their toggles are put in once the
  // app runs. A search made in the page renders its cards, toggles included.
  await page.goto("/voitures-neuves/recherche?q=polo");
  await waitForApp(page);
  const polo = page.locator("main article").filter({ hasText: "Polo" }).first();
  const compare = polo.locator("button[aria-pressed]");
  await compare.click();
  await expect(compare).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => trayNames(page)).toEqual([expect.stringMatching(/^Volkswagen Polo /)]);
  const name = (await trayNames(page))[0]!;

  await page.reload();
  await waitForApp(page);
  await expect(polo.getByRole("button", { name: `Added to the comparison: ${name}` })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("group", { name: "Body type" }).getByLabel("Hatchback").check();
  await expect(page).toHaveURL(/body=hatchback/);
  // The new search's cards replace the first page's.
  await expect(page.locator("main article").filter({ hasText: "Polo Vivo" })).toHaveCount(1);
  const again = page.locator("main article").filter({ hasText: "Polo" }).first().locator("button[aria-pressed]");
  await expect(again).toHaveAttribute("aria-pressed", "true");
  await again.click();
  await expect(again).toHaveAttribute("aria-pressed", "false");
  await expect(tray(page)).toHaveCount(0);
  // One control per card, whichever way the cards came.
  await expect(page.locator("main article a[data-compare-version]")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the compare control is a link to the comparator with that version", async ({ page }) => {
    await page.goto("/");
    const brand = await page.locator("#home-brands a", { hasText: "Toyota" }).first().getAttribute("href");
    await page.goto(brand!);
    await page.getByRole("link", { name: "Toyota Corolla Cross", exact: true }).click();
    const rows = await versionRows(page, "Toyota Corolla Cross");
    const first = rows[0]!;
    await expect(first.compare).toHaveRole("link");
    await expect(first.compare).toHaveAccessibleName(`Compare ${first.name}`);
    await expect(first.compare).toHaveAttribute("href", `/comparateur?versions=${first.id}`);
    await expect(tray(page)).toHaveCount(0);

    await page.goto(first.href);
    await expect(page.getByRole("link", { name: `Compare ${first.name}` })).toHaveAttribute("href", `/comparateur?versions=${first.id}`);

    await page.goto("/voitures-neuves/recherche?q=polo");
    await expect(page.locator("main article").first().getByRole("link", { name: /^Compare Volkswagen Polo .+/ })).toHaveAttribute(
      "href",
      /^\/comparateur\?versions=\d+$/,
    );
  });
});

test("a car-guide list's compare action adds the model's cheapest version to the tray, without leaving the list", async ({ page }) => {
  await page.goto("/guide-auto/voitures-haut-de-gamme");
  const card = page.getByRole("article").first();
  const compare = card.getByRole("link", { name: /^Compare / });
  const label = ((await compare.getAttribute("data-compare-label")) ?? "").trim();
  expect(label.length).toBeGreaterThan(5);
  await compare.click();
  // The list stays; a toast confirms and the tray shows the car.
  await expect(page).toHaveURL(/\/guide-auto\/voitures-haut-de-gamme$/);
  await expect(page.getByText(`${label} added to the comparison`)).toBeVisible();
  const tray = page.getByRole("region", { name: "Compare tray" });
  await expect(tray).toContainText(label);
  // A second click says it is already there.
  await compare.click();
  await expect(page.getByText(`${label} is already in the comparison`)).toBeVisible();
});

test.describe("list pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the promotions page's compare action is a link to the comparator", async ({ page }) => {
    await page.goto("/guide-auto/promos-du-moment");
    const href = await page.getByRole("article").first().getByRole("link", { name: /^Compare / }).getAttribute("href");
    expect(href).toMatch(/^\/comparateur\?versions=\d+$/);
  });
});

test("cars added on a model page open in the comparator from the tray's Compare now", async ({ page }) => {
  const corolla = await toyotaModelPath(page, "Corolla Cross");
  await page.goto(corolla);
  const rows = await versionRows(page, "Toyota Corolla Cross");
  for (const row of rows.slice(0, 2)) await row.compare.click();
  await expectCount(page, 2);
  await compareNow(page).click();
  await expect(page).toHaveURL(new RegExp(`/comparateur\\?versions=${rows[0]!.id},${rows[1]!.id}$`));
  // Both cars head their columns, in the tray's order.
  for (const row of rows.slice(0, 2)) {
    await expect(page.locator(`a[href="${row.href}"]`).first()).toBeVisible();
  }
  await expect(page).toHaveTitle(/ vs /);
});
