import type { Page } from "@playwright/test";
import { expect, expectStatus, test } from "./fixtures";

const carColumns = (page: Page) => page.locator("table.cmp-table thead th[scope=col]");
const bestMarks = (page: Page) => page.locator("table.cmp-table td.cmp-best");
const idsOf = (url: string) => (new URL(url).searchParams.get("versions") ?? "").split(",").filter(Boolean).map(Number);

/** Real version ids on sale, read from the empty page's popular comparisons. */
async function realIds(page: Page, count: number): Promise<number[]> {
  await page.goto("/comparateur");
  const hrefs = await page.locator('a[href^="/comparateur?versions="]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  const ids = [...new Set(hrefs.flatMap((href) => idsOf(`http://x${href}`)))];
  expect(ids.length).toBeGreaterThanOrEqual(count);
  return ids.slice(0, count);
}

async function pickCar(page: Page, brand: string, model: string) {
  await page.getByRole("combobox", { name: "Brand", exact: true }).selectOption({ label: brand });
  const modelSelect = page.getByRole("combobox", { name: "Model", exact: true });
  await expect(modelSelect.locator("option", { hasText: model }).first()).toBeAttached();
  await modelSelect.selectOption({ label: model });
  const versionSelect = page.getByRole("combobox", { name: "Version", exact: true });
  await expect(versionSelect).toBeEnabled();
  await versionSelect.selectOption({ index: 1 });
  await page.getByRole("button", { name: "Add to the comparison" }).click();
}

test.describe("the comparator with JavaScript", () => {
  test("build three cars from the picker, reload, share, show differences, remove one", async ({ page, browser, checkA11y }) => {
    // A long journey with two axe runs over full comparison pages.
    test.slow();
    await page.goto("/comparateur");
    await expect(page).toHaveTitle("Compare new cars | Voitura");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare new cars");
    await expect(page.getByRole("heading", { name: "Popular comparisons" })).toBeVisible();
    await checkA11y(page);

    await pickCar(page, "Toyota", "Corolla Cross");
    await expect(page).toHaveURL(/\/comparateur\?versions=\d+$/);
    await expect(carColumns(page)).toHaveCount(1);
    await pickCar(page, "Suzuki", "Swift");
    await expect(page).toHaveURL(/\/comparateur\?versions=\d+,\d+$/);
    await expect(carColumns(page)).toHaveCount(2);
    await pickCar(page, "Volkswagen", "Polo Vivo");
    await expect(page).toHaveURL(/\/comparateur\?versions=\d+,\d+,\d+$/);
    await expect(carColumns(page)).toHaveCount(3);
    await expect(carColumns(page).nth(0)).toContainText("Corolla Cross");
    await expect(carColumns(page).nth(1)).toContainText("Swift");
    await expect(carColumns(page).nth(2)).toContainText("Polo Vivo");
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    const url = page.url();

    // The tray holds what the page shows.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("compare-versions") ?? "[]") as { id: number; label: string }[]);
    expect(stored.map((v) => v.id)).toEqual(idsOf(url));
    expect(stored[0]!.label).toMatch(/^Toyota Corolla Cross /);

    await page.reload();
    await expect(carColumns(page)).toHaveCount(3);

    // The shared link in another browser shows the same comparison.
    const other = await browser.newContext();
    const shared = await other.newPage();
    await shared.goto(url);
    await expect(shared.getByRole("heading", { level: 1 })).toHaveText(heading!);
    await expect(carColumns(shared)).toHaveCount(3);
    await other.close();

    // Differences only: identical rows go, the address says so.
    const rowsBefore = await page.locator("table.cmp-table tr.cmp-row").count();
    const toggle = page.getByRole("switch", { name: "Show only differences" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.click();
    await expect(page).toHaveURL(/[?&]diff=1/);
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    const rowsAfter = await page.locator("table.cmp-table tr.cmp-row").count();
    expect(rowsAfter).toBeLessThan(rowsBefore);
    await expect(page.getByText(/identical rows? hidden/)).toBeVisible();
    await checkA11y(page);

    // Remove the Suzuki: the address and the columns follow, the tray too.
    const [first, second, third] = idsOf(url);
    await page.getByRole("link", { name: /^Remove Suzuki Swift .* from the comparison$/ }).click();
    await expect(page).toHaveURL(new RegExp(`versions=${first},${third}&diff=1$`));
    await expect(carColumns(page)).toHaveCount(2);
    const storedAfter = await page.evaluate(() => JSON.parse(localStorage.getItem("compare-versions") ?? "[]") as { id: number }[]);
    expect(storedAfter.map((v) => v.id)).toEqual([first, third]);
    expect(storedAfter.map((v) => v.id)).not.toContain(second);
  });

  test("the copy-link button copies the shareable address and says so", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const ids = await realIds(page, 2);
    await page.goto(`/comparateur?versions=${ids.join(",")}`);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText("Link copied")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/comparateur\\?versions=${ids.join(",")}$`));
  });

  test("four cars: the title names them, the canonical is sorted, no picker, and phones never scroll sideways", async ({ page, checkA11y }) => {
    // Three axe runs over a 4-car comparison.
    test.slow();
    const ids = await realIds(page, 4);
    const shuffled = [ids[2]!, ids[0]!, ids[3]!, ids[1]!];
    await expectStatus(page, `/comparateur?versions=${shuffled.join(",")}`, 200);
    await expect(carColumns(page)).toHaveCount(4);
    const names = await carColumns(page).evaluateAll((cells) =>
      cells.map((cell) => (cell.querySelector(".cmp-car-name")?.textContent ?? "").replace(/\s+/g, " ").trim()),
    );
    const title = await page.title();
    expect(title).toMatch(/ vs .* vs .* vs .*\| Voitura$/);
    for (const name of names) expect(title).toContain(name);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(new RegExp(`/comparateur\\?versions=${[...ids].sort((a, b) => a - b).join(",")}$`));
    await expect(page.getByRole("button", { name: "Add to the comparison" })).toHaveCount(0);
    await expect(bestMarks(page).first()).toBeVisible();
    await expect(page.getByRole("img", { name: /Cheapest: / })).toBeVisible();
    await checkA11y(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/comparateur");
    await checkA11y(page);
    await page.goto(`/comparateur?versions=${shuffled.join(",")}&diff=1`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    // The table scrolls inside its box; each car keeps a readable width; the labels stay put.
    const box = page.locator(".cmp-scroll");
    const widths = await carColumns(page).evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().width));
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(139);
    const label = page.locator("tr.cmp-row th").first();
    const before = await label.boundingBox();
    await box.evaluate((el) => el.scrollBy(300, 0));
    expect((await label.boundingBox())!.x).toBeCloseTo(before!.x, 0);
    await checkA11y(page);
  });

  test("bad inputs are named in notices, never an error", async ({ page, request }) => {
    const ids = await realIds(page, 5);
    await expectStatus(page, `/comparateur?versions=abc,${ids[0]}`, 200);
    await expect(page.getByRole("status")).toContainText("“abc” is not a version number and was ignored.");
    await expect(carColumns(page)).toHaveCount(1);

    await expectStatus(page, `/comparateur?versions=99999,${ids[0]}`, 200);
    await expect(page.getByRole("status")).toContainText("No car has the number 99999; it was left out.");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    await expectStatus(page, `/comparateur?versions=${ids.join(",")}`, 200);
    await expect(page.getByRole("status")).toContainText("Up to 4 cars can be compared at once:");
    await expect(carColumns(page)).toHaveCount(4);

    for (const query of [`versions=${"junk,".repeat(2000)}`, "versions=-1,-2", "versions=1,,2", "versions=%F0%9F%9A%97", "versions=%E0%A4%A", "pick_brand=x&pick_model=-1"]) {
      const response = await request.get(`/comparateur?${query}`);
      expect(response.status(), query).toBe(200);
    }
    const json = await request.get("/menus/model-versions.json?model=abc");
    expect(json.status()).toBe(400);
  });
});

test.describe("the comparator without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the shared address renders completely, and the picker works as GET steps", async ({ page, browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: true });
    const helper = await context.newPage();
    const ids = await realIds(helper, 2);
    await context.close();

    await expectStatus(page, `/comparateur?versions=${ids.join(",")}`, 200);
    await expect(carColumns(page)).toHaveCount(2);
    await expect(page.getByRole("rowheader", { name: "Price", exact: true })).toBeVisible();
    await expect(page.getByRole("rowgroup").filter({ hasText: "Safety" }).first()).toBeVisible();
    expect(await bestMarks(page).count()).toBeGreaterThan(0);
    await expect(bestMarks(page).first()).toContainText("Best");
    // The chart is there, server-rendered, with its sentence.
    await expect(page.getByRole("img", { name: /(Cheapest|Price): / })).toBeVisible();

    // Differences as a plain link.
    await page.getByRole("link", { name: /Show only differences/ }).click();
    await expect(page).toHaveURL(/diff=1/);

    // Brand, then model, then version: three GET steps.
    await page.getByRole("combobox", { name: "Brand", exact: true }).selectOption({ label: "Toyota" });
    await page.getByRole("button", { name: "Show models" }).click();
    // A form writes the list's commas as %2C: the same address.
    await expect(page).toHaveURL(new RegExp(`versions=${ids.join("(,|%2C)")}&diff=1&pick_brand=\\d+$`));
    await page.getByRole("combobox", { name: "Model", exact: true }).selectOption({ label: "Fortuner" });
    await page.getByRole("button", { name: "Show versions" }).click();
    await expect(page).toHaveURL(/pick_model=\d+$/);
    await page.getByRole("combobox", { name: "Version", exact: true }).selectOption({ index: 1 });
    await page.getByRole("button", { name: "Add to the comparison" }).click();
    await expect(page).toHaveURL(new RegExp(`/comparateur\\?versions=${ids.join("(,|%2C)")}(,|%2C)\\d+&diff=1$`));
    await expect(carColumns(page)).toHaveCount(3);
    await expect(carColumns(page).nth(2)).toContainText("Fortuner");
  });
});
