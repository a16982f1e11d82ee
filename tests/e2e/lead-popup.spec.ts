import type { Page } from "@playwright/test";
import { expect, listOutbox, readOutbox, test, uniqueEmail } from "./fixtures";

// The lead popup (issue 17): the floating button on every page but the sign-in ones, the popup's
// steps from the home page to the confirmation and the mails (shopper and dealers), the scroll lock,
// Escape back to step 0, the prefill from a model page, and the same steps without JavaScript.

const BUTTON = "WE HELP YOU FIND YOUR VEHICLE";

async function openPopup(page: Page) {
  await page.getByRole("link", { name: BUTTON }).click();
  const dialog = page.getByRole("dialog", { name: "We help you find your vehicle" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function toyotaModel(page: Page): Promise<{ brandId: number; modelId: number; path: string; name: string }> {
  const response = await page.request.get("/menus/brands.json");
  const brands = (await response.json()) as Array<{ id: number; slug: string; name: string; models: Array<{ id: number; slug: string; name: string }> }>;
  const toyota = brands.find((b) => b.name === "Toyota")!;
  const model = toyota.models[0]!;
  return {
    brandId: toyota.id,
    modelId: model.id,
    name: `Toyota ${model.name}`,
    path: `/guide-auto/voitures-neuves/marque/${toyota.slug}/modele/${model.id}-${model.slug}`,
  };
}

test.describe("lead popup", () => {
  test("from the home page through every step to the confirmation, mails to the shopper and the dealers", async ({ page, checkA11y }) => {
    // Axe on the popup twice, the human check and the mails: slow on two shared cores.
    test.setTimeout(150_000);
    const started = Date.now();
    const email = uniqueEmail("lead");
    const name = `Thandi Lead ${started}`;
    await page.goto("/");
    const dialog = await openPopup(page);

    await expect(dialog.getByRole("heading", { name: "JE CHERCHE UNE VOITURE" })).toBeFocused();
    await checkA11y(page, "[role=dialog]");
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByText("Please choose new, used or either").first()).toBeVisible();
    await dialog.getByLabel("A new car").check();
    await dialog.getByRole("button", { name: "Next" }).click();

    await expect(dialog.getByRole("heading", { name: "MODE DE PAIEMENT" })).toBeFocused();
    await dialog.getByLabel("Vehicle finance").check();
    await dialog.getByRole("button", { name: "Next" }).click();

    await expect(dialog.getByRole("heading", { name: "MARQUE ET BUDGET" })).toBeFocused();
    // Back keeps the choice.
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByRole("heading", { name: "MODE DE PAIEMENT" })).toBeFocused();
    await expect(dialog.getByLabel("Vehicle finance")).toBeChecked();
    await dialog.getByRole("button", { name: "Next" }).click();

    await dialog.getByLabel("First car").selectOption({ label: "Toyota (any model)" });
    await dialog.getByLabel("Amount (ZAR)").fill("R 250,000 - R 350,000");
    await expect(dialog.getByTestId("lead-budget-reading")).toHaveText("We read: 250.000 – 350.000 ZAR");
    await dialog.getByRole("button", { name: "Next" }).click();

    await expect(dialog.getByRole("heading", { name: "YOUR DETAILS" })).toBeFocused();
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Mobile number", { exact: true }).fill("082 123 4567");
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByLabel("Province", { exact: true }).selectOption({ label: "Gauteng" });
    await dialog.getByRole("button", { name: "Send my request" }).click();
    await expect(dialog.getByText("Please agree to be contacted by up to three dealers").first()).toBeVisible();
    await dialog.getByRole("checkbox").check();
    await expect(dialog.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/politique-de-confidentalite-et-mentions-legales");
    await checkA11y(page, "[role=dialog]");
    await expect(dialog.getByText("Verified")).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Send my request" }).click();

    await expect(dialog.getByRole("heading", { name: "Thank you, your request is sent" })).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByTestId("lead-confirmation")).toContainText(/dealers? ha(s|ve) your request|sales desk/);

    const shopperMail = await readOutbox({ to: email, after: started });
    expect(shopperMail.text).toContain("Toyota");
    const others = (await listOutbox()).filter((m) => m.writtenAt.getTime() >= started && !m.to.includes(email) && m.text.includes(name));
    expect(others.length, "a mail about the request to each dealer (or the sales desk)").toBeGreaterThan(0);
  });

  test("locks the page's scroll while open; Escape closes it and it reopens at step 0", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, 600));
    const before = await page.evaluate(() => window.scrollY);
    const dialog = await openPopup(page);
    await page.mouse.move(20, 300);
    await page.mouse.wheel(0, 1200);
    await page.keyboard.press("PageDown");
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    await dialog.getByLabel("A used car").check();
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("heading", { name: "MODE DE PAIEMENT" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.locator(".offer-transition")).toHaveCount(0);

    const again = await openPopup(page);
    await expect(again.getByRole("heading", { name: "JE CHERCHE UNE VOITURE" })).toBeFocused();
    await expect(again.getByLabel("A used car")).toBeChecked();
    // The overlay closes it too.
    await page.mouse.click(5, 5);
    await expect(again).toBeHidden();
  });

  test("a model page opens it prefilled with its car", async ({ page }) => {
    const car = await toyotaModel(page);
    await page.goto(car.path);
    const offer = page.getByRole("link", { name: "Get offers on this car" });
    await expect(offer).toHaveAttribute("href", `/trouver-mon-vehicule?car_condition=new&wanted=${car.brandId}%3A${car.modelId}`);
    await offer.click();
    const dialog = page.getByRole("dialog", { name: "We help you find your vehicle" });
    await expect(dialog.getByRole("heading", { name: "JE CHERCHE UNE VOITURE" })).toBeFocused();
    await expect(dialog.getByLabel("A new car")).toBeChecked();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByLabel("Cash").check();
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByLabel("First car")).toHaveValue(`${car.brandId}:${car.modelId}`);
  });

  test("the button floats over nothing: an icon in the header on phones, a tab in the page's side margin on wide screens", async ({ page }) => {
    // The links of the page and the footer on screen below the sticky header that the button overlaps.
    const linksUnderButton = () =>
      page.evaluate(() => {
        const button = [...document.querySelectorAll<HTMLElement>("[data-testid^=lead-button]")].find((b) => b.offsetWidth > 0)!.getBoundingClientRect();
        const headerBottom = document.querySelector("header")!.getBoundingClientRect().bottom;
        return [...document.querySelectorAll("main a, footer a")]
          .filter((link) => {
            const box = link.getBoundingClientRect();
            if (box.width === 0 || box.bottom <= headerBottom || box.top >= window.innerHeight) return false;
            return box.left < button.right && box.right > button.left && box.top < button.bottom && box.bottom > button.top;
          })
          .map((link) => link.textContent);
      });

    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/a-propos-de-nous");
    const button = page.getByRole("link", { name: BUTTON });
    await expect(button).toBeVisible();
    expect((await button.boundingBox())!.width).toBeLessThan(60);
    await expect(page.getByRole("banner").getByRole("link", { name: BUTTON })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(button).toBeInViewport();
    expect(await linksUnderButton()).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(button).toBeVisible();
    const tab = (await button.boundingBox())!;
    // Inside the page container's 32 px side padding, where no content is drawn.
    expect(tab.x + tab.width).toBe(1280);
    expect(tab.width).toBeLessThanOrEqual(32);
    expect(await linksUnderButton()).toEqual([]);
    // The used-car search's cards and links reach the container's edge.
    await page.goto("/marche-doccasion");
    for (const y of [0, 400, 800]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await linksUnderButton()).toEqual([]);
    }
    await button.click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "JE CHERCHE UNE VOITURE" })).toBeVisible();
    await page.keyboard.press("Escape");

    for (const path of ["/login", "/register", "/mot-de-passe-oublie"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: BUTTON })).toHaveCount(0);
    }
  });
});

test("the lead page's steps pass axe", async ({ page, checkA11y }) => {
  // The car pickers list every model three times; axe takes its time over them.
  test.setTimeout(180_000);
  const car = await toyotaModel(page);
  await page.goto("/trouver-mon-vehicule?step=1");
  await expect(page.getByText("Please choose new, used or either").first()).toBeVisible();
  await checkA11y(page);
  await page.goto(`/trouver-mon-vehicule?step=2&car_condition=used&payment_method=cash&wanted=${car.brandId}`);
  await expect(page.getByRole("heading", { name: "MARQUE ET BUDGET" })).toBeVisible();
  await checkA11y(page, "#main");
  await page.goto(`/trouver-mon-vehicule?step=3&car_condition=used&payment_method=cash&wanted=${car.brandId}&budget_kind=price&budget=200000`);
  await expect(page.getByRole("heading", { name: "YOUR DETAILS" })).toBeVisible();
  await checkA11y(page);
});

test.describe("lead page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the button is a link to the same steps as plain forms", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: BUTTON }).click();
    await expect(page).toHaveURL(/\/trouver-mon-vehicule$/);
    await expect(page.getByRole("heading", { name: "JE CHERCHE UNE VOITURE" })).toBeVisible();

    const refused = page.waitForResponse((r) => r.url().includes("step=1"));
    await page.getByRole("button", { name: "Next" }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByText("Please choose new, used or either").first()).toBeVisible();

    await page.getByRole("radio", { name: "New or used" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "MODE DE PAIEMENT" })).toBeVisible();
    await page.getByLabel("Lease").check();
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByRole("heading", { name: "MARQUE ET BUDGET" })).toBeVisible();
    await page.getByLabel("First car").selectOption({ label: "Toyota (any model)" });
    await page.getByLabel("A monthly instalment").check();
    await page.getByLabel("Amount (ZAR)").fill("R 6 500");
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByRole("heading", { name: "YOUR DETAILS" })).toBeVisible();
    await expect(page.getByText("up to 6.500 ZAR a month")).toBeVisible();
    await expect(page.locator("dd", { hasText: "Toyota" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Sipho No Script");
    await page.getByLabel("Mobile number", { exact: true }).fill("+27 72 555 0101");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("lead-noscript"));
    await page.getByLabel("Province", { exact: true }).selectOption({ label: "Western Cape" });
    await page.getByRole("checkbox").check();
    // The last step is a POST; the human check needs scripts, so without them the server says so
    // and shows the step again with what was typed (the popup's journey above sends a lead).
    const posted = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Send my request" }).click();
    expect((await posted).status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText(/human|JavaScript/i);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Sipho No Script");

    // Back keeps the answers.
    await page.getByRole("link", { name: "Back", exact: true }).click();
    expect(page.url()).not.toContain("Sipho");
    await expect(page.getByRole("heading", { name: "MARQUE ET BUDGET" })).toBeVisible();
    await expect(page.getByLabel("First car")).toHaveValue(/^\d+$/);
    await expect(page.getByLabel("A monthly instalment")).toBeChecked();
  });

  test("a model page's offer link lands on the page with its car chosen", async ({ page }) => {
    const car = await toyotaModel(page);
    await page.goto(car.path);
    await page.getByRole("link", { name: "Get offers on this car" }).click();
    await expect(page.getByLabel("A new car")).toBeChecked();
  });
});
