import type { Page } from "@playwright/test";
import { expect, holdAppScripts, test } from "./fixtures";

// The top-bar search field (spec sections 4 and 9). The model and search pages themselves are
// other journeys: here only the URLs the field leads to are checked.

const MODEL_URL = (brand: string, slug: string) => new RegExp(`/guide-auto/voitures-neuves/marque/${brand}/modele/\\d+-${slug}$`);

const field = (page: Page) => page.getByRole("combobox", { name: "Search new cars by brand or model" });
/** Model suggestions only (news articles whose title has the words follow them). */
const modelOptions = (page: Page) => page.locator('[role="option"][data-type="model"]');

/** Slows the suggestions answer down so the loading state can be seen. */
async function slowSuggestions(page: Page, ms = 400) {
  await page.route("**/suggestions?*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test.describe("search field", () => {
  test("by mouse: typing shows a loading indicator, then the list; a click goes to the model", async ({ page }) => {
    // Slow enough that the loading state outlasts the test's own round trips on a busy machine.
    await slowSuggestions(page, 1500);
    await page.goto("/");
    const input = field(page);
    await expect(input).toHaveAttribute("placeholder", "Find a brand or model");
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await input.click();
    await input.pressSequentially("corola");
    await expect(page.getByTestId("search-loading")).toBeVisible();
    await expect(page.getByRole("option")).toHaveCount(0);
    const option = page.getByRole("option", { name: /Corolla Cross/ });
    await expect(option).toBeVisible();
    await expect(page.getByTestId("search-loading")).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await expect(option).toContainText("Toyota");
    await option.click();
    await expect(page).toHaveURL(MODEL_URL("toyota", "corolla-cross"));
    await expect(page.getByRole("listbox")).toBeHidden();
  });

  test("letters typed before the app runs still bring the suggestions once it does", async ({ page }) => {
    const release = await holdAppScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const input = field(page);
    await input.click();
    await input.pressSequentially("corola");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await expect(page.getByRole("option")).toHaveCount(0);
    await release();
    await expect(input).toHaveValue("corola");
    await expect(page.getByRole("option", { name: /Corolla Cross/ })).toBeVisible();
    await expect(input).toHaveAttribute("aria-expanded", "true");
  });

  test("a new text clears the list while it loads; under 2 characters nothing is asked", async ({ page }) => {
    let asked = 0;
    page.on("request", (r) => {
      if (r.url().includes("/suggestions?")) asked += 1;
    });
    // Slow enough that the loading state outlasts the test's own round trips on a busy machine.
    await slowSuggestions(page, 1500);
    await page.goto("/");
    const input = field(page);
    await input.click();
    await input.pressSequentially("polo");
    await expect(page.getByRole("option", { name: "Polo Volkswagen", exact: true })).toBeVisible();
    await input.press("End");
    await input.pressSequentially(" vivo");
    await expect(page.getByTestId("search-loading")).toBeVisible();
    await expect(page.getByRole("option")).toHaveCount(0);
    await expect(modelOptions(page)).toHaveCount(1);
    await expect(modelOptions(page)).toContainText("Polo Vivo");
    const before = asked;
    await input.fill("p");
    await page.waitForTimeout(800);
    expect(asked).toBe(before);
    await expect(page.getByRole("listbox")).toBeHidden();
  });

  test("by keyboard: arrows move, Enter chooses; Escape closes then clears", async ({ page }) => {
    await page.goto("/");
    const input = field(page);
    await input.focus();
    await input.pressSequentially("vw polo");
    const options = page.getByRole("option");
    await expect(modelOptions(page)).toHaveCount(2);
    await expect(options.first()).toContainText("Polo");
    const count = await options.count();

    await input.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
    // Down to the last option, then round to the first; up wraps to the last.
    for (let i = 1; i < count; i++) {
      await input.press("ArrowDown");
      await expect(options.nth(i)).toHaveAttribute("aria-selected", "true");
    }
    await input.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await input.press("ArrowUp");
    await expect(options.nth(count - 1)).toHaveAttribute("aria-selected", "true");
    await input.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");

    await input.press("Escape");
    await expect(page.getByRole("listbox")).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(input).not.toHaveAttribute("aria-activedescendant");
    await expect(input).toHaveValue("vw polo");
    // The list comes back with the arrow key.
    await input.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await input.press("Escape");
    await input.press("Escape");
    await expect(input).toHaveValue("");

    await input.pressSequentially("vw polo");
    await expect(modelOptions(page)).toHaveCount(2);
    await input.press("ArrowDown");
    await input.press("Enter");
    await expect(page).toHaveURL(MODEL_URL("volkswagen", "polo"));
    await expect(input).toHaveValue("");
  });

  test("Enter without an active option submits the form to the full search", async ({ page }) => {
    await page.goto("/");
    const input = field(page);
    await input.focus();
    await input.pressSequentially("hil");
    await expect(page.getByRole("option").first()).toContainText("Hilux Double Cab");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/voitures-neuves\/recherche\?q=hil$/);
  });

  test("a click on the overlay closes the list", async ({ page }) => {
    await page.goto("/");
    const input = field(page);
    await input.click();
    await input.pressSequentially("toyota");
    await expect(page.getByRole("option")).toHaveCount(8);
    await expect(page.getByTestId("search-overlay")).toBeVisible();
    // Beside the list, over the page's content.
    await page.mouse.click(1200, 600);
    await expect(page.getByRole("listbox")).toBeHidden();
    await expect(page.getByTestId("search-overlay")).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test("no match: a message with a link to the full search", async ({ page }) => {
    await page.goto("/");
    const input = field(page);
    await input.click();
    await input.pressSequentially("zzqx");
    await expect(page.getByText("No match for “zzqx”.")).toBeVisible();
    await expect(page.getByRole("option")).toHaveCount(0);
    await expect(input).toHaveAttribute("aria-expanded", "false");
    const link = page.getByRole("link", { name: "search all new cars" });
    await expect(link).toHaveAttribute("href", "/voitures-neuves/recherche?q=zzqx");
    // Tab reaches the link; Escape there goes back to the field, closed; Tab past the panel closes it too.
    await input.press("Tab");
    await expect(link).toBeFocused();
    await link.press("Escape");
    await expect(input).toBeFocused();
    await expect(page.getByText("No match for “zzqx”.")).toBeHidden();
    await input.pressSequentially("z");
    await expect(page.getByText("No match for “zzqxz”.")).toBeVisible();
    await input.press("Tab");
    await link.press("Tab");
    await expect(page.getByText("No match for “zzqxz”.")).toBeHidden();
  });

  test("a failed request is only logged", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.route("**/suggestions?*", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.goto("/");
    const input = field(page);
    await input.click();
    await input.pressSequentially("corola");
    await expect.poll(() => errors.some((e) => e.includes("Search suggestions failed"))).toBe(true);
    await expect(page.getByRole("listbox")).toBeHidden();
    await expect(page.getByTestId("search-loading")).toBeHidden();
    await expect(page.getByText(/No match/)).toHaveCount(0);
  });

  test("the open list passes axe", async ({ page, checkA11y }) => {
    // axe over the whole home page is slow on a busy two-core machine.
    test.setTimeout(90_000);
    await page.goto("/");
    const input = field(page);
    await input.click();
    await input.pressSequentially("merc c");
    await expect(page.getByRole("option").first()).toContainText("C-Class");
    await input.press("ArrowDown");
    await checkA11y(page);
  });

  test("phone width: a full-width row under the logo, list below it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const input = field(page);
    const logo = await page.getByRole("link", { name: "Voitura, home" }).boundingBox();
    const box = await input.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(logo!.y + logo!.height);
    expect(box!.width).toBeGreaterThan(390 - 2 * 24 - 1);
    await input.click();
    await input.pressSequentially("hilux");
    const first = page.getByRole("option").first();
    await expect(first).toBeVisible();
    const list = await page.getByRole("listbox").boundingBox();
    expect(list!.y).toBeGreaterThan(box!.y + box!.height - 1);
    expect(list!.x + list!.width).toBeLessThanOrEqual(390);
    await first.click();
    await expect(page).toHaveURL(MODEL_URL("toyota", "hilux-double-cab"));
  });
});

test.describe("search field without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Enter submits the text to the full new-car search", async ({ page }) => {
    await page.goto("/");
    const input = field(page);
    await input.fill("corolla cross");
    await input.press("Enter");
    await page.waitForURL(/\/voitures-neuves\/recherche\?q=corolla\+cross$/);
  });
});
