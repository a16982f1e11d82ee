import { expect, test } from "./fixtures";

// Records the <html> class at the moment <body> is created, i.e. before anything is painted.
const recordClassAtFirstPaint = () => {
  const w = window as unknown as { __classAtBody?: string };
  new MutationObserver((_, observer) => {
    if (document.body) {
      w.__classAtBody = document.documentElement.className;
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

test.describe("colour mode", () => {
  test("the toggle switches to dark and the choice survives a reload without a flash", async ({ page, context }) => {
    await page.addInitScript(recordClassAtFirstPaint);
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect((await context.cookies()).find((c) => c.name === "colour-mode")?.value).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("colour-mode"))).toBe("dark");

    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __classAtBody?: string }).__classAtBody)).toContain("dark");
    await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();

    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __classAtBody?: string }).__classAtBody)).not.toContain("dark");
  });

  test("the server renders the stored mode (no flash, even before scripts)", async ({ request }) => {
    const html = await (await request.get("/", { headers: { cookie: "colour-mode=dark" } })).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
  });

  test.describe("with a dark OS and no stored choice", () => {
    test.use({ colorScheme: "dark" });
    test("system mode follows the OS before first paint", async ({ page }) => {
      await page.addInitScript(recordClassAtFirstPaint);
      await page.goto("/a-propos-de-nous");
      expect(await page.evaluate(() => (window as unknown as { __classAtBody?: string }).__classAtBody)).toContain("dark");
    });
  });
});
