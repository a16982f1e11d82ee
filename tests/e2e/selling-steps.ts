import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, registerAndActivate, uniqueEmail } from "./fixtures";

// The posting form's steps as a seller fills them, shared by the journeys that post an ad
// (selling.spec.ts posts a Polo Vivo with and without scripts; saved-searches.spec.ts posts the
// new ad its saved search is alerted of).

export const SELLER_PASSWORD = "Secret123";

/** The car a journey posts (one the catalogue knows): what the seller types on the car, condition, price and place steps. */
export interface SellerCar {
  make: string;
  model: string;
  variant: string;
  year: number;
  mileageKm: number;
  priceZar: number;
  province: string;
  town: string;
}

/** The demo marketplace has many 2019 Polo Vivos: the price outlook has comparables to rate against. */
export const POLO_VIVO: SellerCar = {
  make: "Volkswagen",
  model: "Polo Vivo",
  variant: "1.4 Life",
  year: 2019,
  mileageKm: 86_000,
  priceZar: 139_000,
  province: "Western Cape",
  town: "Stellenbosch",
};

/** The ad's title as publishing makes it. */
export const carTitle = (car: SellerCar) => `${car.year} ${car.make} ${car.model} ${car.variant}`;

/** An amount as the seller types it ("139 000"). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

/** An amount as a page shows it, whatever the thousands separator ("139 000", "139.000"). */
export const shownAmount = (n: number) => new RegExp(grouped(n).replace(/ /g, "[.\\s\\u00a0]"));

/** An account made and activated in a context of its own, so the journey starts as a visitor. */
export async function sellerAccount(browser: Browser, name: string): Promise<string> {
  const email = uniqueEmail("seller");
  const context = await browser.newContext();
  await registerAndActivate(await context.newPage(), name, email, SELLER_PASSWORD);
  await context.close();
  return email;
}

/** Signs in on the login page on the way to the posting form: the page is on the car step after. */
export async function signInToSell(page: Page, email: string): Promise<void> {
  await page.goto("/login?redirectTo=%2Fposter-une-annonce");
  await field(page, "Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(SELLER_PASSWORD);
  await page.getByRole("button", { name: "Sign in now" }).click();
  // The password check, then a new draft: seconds when two journeys share the server's cores.
  await expect(page).toHaveURL(stepUrl("car"), { timeout: 15_000 });
}

/** Distinct 1200 × 900 JPEGs (a plain colour each, three at most), as a phone would send them. */
export async function jpegs(count = 3): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const colours = [
    { r: 200, g: 40, b: 40 },
    { r: 40, g: 160, b: 60 },
    { r: 40, g: 70, b: 200 },
  ].slice(0, count);
  return Promise.all(
    colours.map(async (background, i) => ({
      name: `car-${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background } }).jpeg({ quality: 80 }).toBuffer(),
    })),
  );
}

/** A form control of the page's main part by its exact label (the header and footer have lookalikes). */
export const field = (page: Page, label: string | RegExp) => page.getByRole("main").getByLabel(label, { exact: true });

/** Axe on a step page, scrolled to the top as a seller arrives (the sticky header would cover the controls Playwright scrolled to). */
export async function checkStep(page: Page, checkA11y: (page: Page) => Promise<void>): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkA11y(page);
}

export const stepUrl = (step: string) => new RegExp(`/poster-une-annonce/\\d+/${step}$`);

export async function continueTo(page: Page, step: string): Promise<void> {
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(stepUrl(step));
}

/** The steps before the photos, filled as a seller would; `word` makes the ad findable by keyword. */
export async function fillCarToDescription(page: Page, word: string, check?: (page: Page) => Promise<void>, car: SellerCar = POLO_VIVO): Promise<void> {
  await expect(page.getByTestId("step-heading")).toHaveText("Step 1 of 8 · Car");
  await field(page, "Make").fill(car.make);
  await field(page, "Model").fill(car.model);
  await field(page, /^Variant/).fill(car.variant);
  await field(page, "Year").fill(String(car.year));
  // With scripts the catalogue's fill-in lands a moment later and moves the Continue button down:
  // pressing it before would miss.
  if ((await page.locator("html[data-hydrated]").count()) > 0) await expect(field(page, "Body type")).not.toHaveValue("");
  await check?.(page);
  await continueTo(page, "condition");

  await expect(page.getByTestId("step-heading")).toHaveText("Step 2 of 8 · Condition");
  await field(page, "Mileage (km)").fill(grouped(car.mileageKm));
  await field(page, "Service history").selectOption({ label: "Full service history" });
  await field(page, "Colour").selectOption({ label: "Silver" });
  await field(page, /^Previous owners/).fill("1");
  await field(page, "Bluetooth").check();
  await field(page, "Tow bar").check();
  await check?.(page);
  await continueTo(page, "price");

  await expect(page.getByTestId("step-heading")).toHaveText("Step 3 of 8 · Price");
  await field(page, "Price (rand)").fill(`R ${grouped(car.priceZar)}`);
  await field(page, "The price is negotiable").check();
  await check?.(page);
  await continueTo(page, "place");

  await field(page, "Province").selectOption({ label: car.province });
  await field(page, "Town").selectOption({ label: car.town });
  await check?.(page);
  await continueTo(page, "description");

  await field(page, "Description").fill(`One careful owner, serviced at the agents every year. New tyres in March. ${word}.`);
  await check?.(page);
  await continueTo(page, "photos");
}

/** From the photos step (photos added) to the preview, which shows the car, its price and the number. */
export async function fillContactAndPreview(page: Page, check?: (page: Page) => Promise<void>, car: SellerCar = POLO_VIVO): Promise<void> {
  await continueTo(page, "contact");
  await field(page, /^Phone number/).fill("082 123 4567");
  await page.getByLabel(/Show my number on the ad/).check();
  await check?.(page);
  await continueTo(page, "preview");
  await expect(page.getByTestId("step-heading")).toHaveText("Step 8 of 8 · Preview");
  await expect(page.getByRole("heading", { name: carTitle(car) })).toBeVisible();
  await expect(page.getByTestId("preview-price")).toHaveText(shownAmount(car.priceZar));
  await expect(page.getByText("Buyers can reveal your number (+27821234567)")).toBeVisible();
}

/** The ad's id from the ad page's address. */
export function adIdOf(page: Page): number {
  const m = /\/marche-doccasion\/annonce\/(\d+)-/.exec(page.url());
  expect(m, page.url()).not.toBeNull();
  return Number(m![1]);
}

/** The search finds the ad by its keyword once its index refreshed (within seconds). */
export async function expectFoundBySearch(page: Page, word: string, price: RegExp, car: SellerCar = POLO_VIVO): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`/marche-doccasion/rechercher?q=${word}`);
        const card = page.getByRole("article").filter({ hasText: car.model });
        return (await card.count()) === 1 ? (await card.innerText()).replace(/\s+/g, " ") : "";
      },
      { timeout: 20_000 },
    )
    .toMatch(price);
}
