import type { Page } from "@playwright/test";
import { expect, holdAppScripts, test } from "./fixtures";

// A page works before its scripts load (decision 007): what a visitor types or chooses then must
// count once the app runs, not be put back to the rendered value (app/lib/early-input.ts). Each
// journey holds the app's scripts, acts on the page, lets them run and checks what follows.

test.describe.configure({ timeout: 90_000 });

async function openBeforeTheApp(page: Page, path: string) {
  const release = await holdAppScripts(page);
  await page.goto(path, { waitUntil: "commit" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  return release;
}

test("hub quick search: a make chosen before the app runs stays chosen and lists its models", async ({ page }) => {
  const release = await openBeforeTheApp(page, "/marche-doccasion");
  const form = page.getByRole("form", { name: "Quick search" });
  const make = form.getByLabel("Make");
  await make.selectOption({ index: 1 });
  const chosen = await make.inputValue();
  expect(chosen).not.toBe("");
  await release();

  await expect(make).toHaveValue(chosen);
  const model = form.getByLabel("Model");
  await expect(model.locator("option").nth(1)).toBeAttached();
  await form.getByRole("button", { name: /^Search/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]make1=${chosen}(&|$)`));
});

test("repayment calculator: figures typed before the app runs are the ones computed", async ({ page }) => {
  const release = await openBeforeTheApp(page, "/guide-pratique/financer-mon-vehicule");
  await page.getByLabel("Vehicle price (ZAR)").fill("500 000");
  await page.getByLabel("Deposit (ZAR)").fill("0");
  await page.getByLabel("Interest rate (%)").fill("10.5");
  await page.getByLabel("Term", { exact: true }).selectOption("60");
  await release();

  // The same figures as typed after the app runs (practical-guides.spec.ts).
  await expect(page.getByTestId("monthly-instalment")).toHaveText("10.747 ZAR");
  await expect(page.getByLabel("Vehicle price (ZAR)")).toHaveValue("500 000");
  await expect(page).toHaveURL("/guide-pratique/financer-mon-vehicule?price=500+000&deposit=0&balloon=0&rate=10.5&term=60");
});

test("model page: a fuel chosen above the versions before the app runs filters them", async ({ page }) => {
  const release = await openBeforeTheApp(page, "/guide-auto/voitures-neuves/marque/toyota/modele/2-corolla-cross");
  const fuel = page.getByRole("form", { name: "Filter versions" }).getByLabel("Fuel");
  await fuel.selectOption({ index: 1 });
  const chosen = await fuel.inputValue();
  await release();

  await expect(page).toHaveURL(new RegExp(`\\?fuel=${chosen}$`));
  await expect(fuel).toHaveValue(chosen);
});

test("comparator: a brand chosen before the app runs lists its models", async ({ page }) => {
  const release = await openBeforeTheApp(page, "/comparateur");
  const brand = page.getByRole("combobox", { name: "Brand", exact: true });
  await brand.selectOption({ label: "Toyota" });
  await release();

  await expect(brand).toHaveValue(/^\d+$/);
  const model = page.getByRole("combobox", { name: "Model", exact: true });
  await expect(model.locator("option", { hasText: "Corolla Cross" }).first()).toBeAttached();
  await expect(model).toBeEnabled();
});
