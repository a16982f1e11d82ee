import type { Page } from "@playwright/test";
import {
  E2E_RARE_KORANDOS,
  E2E_SELLER_WORTH,
  E2E_TERIOS_ANSWER,
  E2E_VALUATION_SELLER,
  E2E_VALUATION_SELLER_AD,
} from "../setup/e2e-valuation-data";
import { expect, expectStatus, listOutbox, readOutbox, test, uniqueEmail } from "./fixtures";

// "What is my car worth?" (issue 47): a visitor values a car from the marketplace's comparable ads
// (the range, how many ads, their spread and the last 12 months), a rare car gets "Not enough ads
// to say", bad input is a 400 with messages under the fields, the answer's "Sell it on Voitura"
// opens the posting form with the car filled in (through the login popup), the form works without
// JavaScript, My ads says what a live ad's car is worth, and "Get offers from dealers" sends the
// car to the province's used-car dealers as a trade-in lead. Cars: tests/setup/e2e-valuation.ts.

const VALUATION = "/estimer-ma-voiture";
const TERIOS = `${VALUATION}?make=daihatsu&model=terios&year=2013&km=120000`;

async function chooseCar(page: Page, car: { make: string; model: string; year: string; km: string }) {
  await page.getByLabel("Make", { exact: true }).selectOption(car.make);
  // The make's models arrive once it is chosen.
  await page.getByLabel("Model", { exact: true }).selectOption(car.model);
  await page.getByLabel("Year", { exact: true }).fill(car.year);
  await page.getByLabel("Mileage (km)").fill(car.km);
}

test.describe("car valuation", () => {
  // Sign-ins (scrypt) and full-page axe scans on two busy cores.
  test.setTimeout(120_000);

  test("values a car from the comparable ads: range, count, spread and the last 12 months", async ({ page, checkA11y }) => {
    await expectStatus(page, VALUATION, 200);
    await expect(page.getByRole("heading", { level: 1, name: "What is my car worth?" })).toBeVisible();
    await checkA11y(page);
    await chooseCar(page, { make: "daihatsu", model: "terios", year: "2013", km: "120 000" });
    await page.getByRole("button", { name: "Value my car" }).click();
    await expect(page).toHaveURL(/make=daihatsu&model=terios&year=2013&km=120(%20|\+)?000/);
    const answer = page.getByTestId("valuation-answer");
    await expect(answer.getByTestId("valuation-range")).toHaveText(E2E_TERIOS_ANSWER.range);
    await expect(answer).toContainText(`Based on the asking prices of ${E2E_TERIOS_ANSWER.ads} ads for similar cars on Voitura (2012–2014 Daihatsu Terios`);
    const spread = answer.getByRole("definition");
    await expect(spread).toHaveText([E2E_TERIOS_ANSWER.cheapest, /R \d/, E2E_TERIOS_ANSWER.median, /R \d/, E2E_TERIOS_ANSWER.dearest]);
    await expect(answer.getByTestId("median-chart")).toBeVisible();
    // This month's row: the seven live ads.
    const thisMonth = new Date().toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    await expect(answer.getByRole("row", { name: thisMonth })).toHaveText(new RegExp(`${thisMonth}\\s*${E2E_TERIOS_ANSWER.median}\\s*${E2E_TERIOS_ANSWER.ads}`));
    await checkA11y(page);
  });

  test("a rare car: not enough ads to say, and no figure", async ({ page, checkA11y }) => {
    await expectStatus(page, `${VALUATION}?make=ssangyong&model=korando&year=2015&km=85000`, 200);
    const answer = page.getByTestId("valuation-answer");
    await expect(answer.getByRole("heading", { name: "Not enough ads to say" })).toBeVisible();
    await expect(answer).toContainText(`Only ${E2E_RARE_KORANDOS} ads for similar cars are for sale on Voitura`);
    await expect(answer.getByTestId("valuation-range")).toHaveCount(0);
    await checkA11y(page);
  });

  test("bad input: a 400 with a message under each field", async ({ page, checkA11y }) => {
    await expectStatus(page, `${VALUATION}?make=daihatsu&model=&year=1800&km=lots`, 400);
    await expect(page.locator("#valuation-model-error")).toHaveText("Choose the model");
    await expect(page.locator("#valuation-year-error")).toContainText("Enter the year, from 1950");
    await expect(page.locator("#valuation-km-error")).toContainText("Enter the mileage in km");
    await expect(page.getByTestId("valuation-answer")).toHaveCount(0);
    await checkA11y(page);
    // A make the marketplace does not list is refused by name.
    await expectStatus(page, `${VALUATION}?make=hispano-suiza&model=carmen&year=2020&km=1000`, 400);
    await expect(page.locator("#valuation-make-error")).toContainText("Choose a make from the list");
    // With scripts, the shared schema answers before the form is sent.
    await page.goto(VALUATION);
    await page.getByLabel("Year", { exact: true }).fill("20");
    await page.getByRole("button", { name: "Value my car" }).click();
    await expect(page.locator("#valuation-make-error")).toHaveText("Choose the make");
    await expect(page.locator("#valuation-year-error")).toContainText("Enter the year");
  });

  test("Sell it on Voitura: the login popup, then the posting form with the car filled in", async ({ page }) => {
    await page.goto(TERIOS);
    await page.getByRole("link", { name: "Sell it on Voitura" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await dialog.getByLabel("Email").fill(E2E_VALUATION_SELLER.email);
    await dialog.getByLabel("Password", { exact: true }).fill(E2E_VALUATION_SELLER.password);
    await dialog.getByRole("button", { name: "Sign in now" }).click();
    await expect(page).toHaveURL(/\/poster-une-annonce\/\d+\/car$/, { timeout: 20_000 });
    await expect(page.getByLabel("Make", { exact: true })).toHaveValue("Daihatsu");
    await expect(page.getByLabel("Model", { exact: true })).toHaveValue("Terios");
    await expect(page.getByLabel("Year", { exact: true })).toHaveValue("2013");
    // The seller completes what the catalogue does not know of this car; the mileage waits on the next step.
    await page.getByLabel("Body type").selectOption("suv");
    await page.getByLabel("Fuel").selectOption("petrol");
    await page.getByLabel("Gearbox").selectOption("manual");
    await page.getByLabel("Drive").selectOption("2wd");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/poster-une-annonce\/\d+\/condition$/);
    await expect(page.getByLabel("Mileage (km)")).toHaveValue("120000");
  });

  test("Get offers from dealers: the valued car goes to the province's dealers as a trade-in", async ({ page, checkA11y }) => {
    await page.goto(`${TERIOS}&variant=1.5&province=gauteng`);
    await page.getByRole("link", { name: "Get offers from dealers" }).click();
    await expect(page).toHaveURL(/\/estimer-ma-voiture\/offres\?make=daihatsu&model=terios&year=2013&km=120000&variant=1\.5&province=gauteng$/);
    await expect(page.getByRole("heading", { level: 1, name: "Get offers from dealers" })).toBeVisible();
    const car = page.getByTestId("trade-in-car");
    await expect(car).toContainText("2013 Daihatsu Terios 1.5");
    await expect(car).toContainText(E2E_TERIOS_ANSWER.range);
    await expect(page.getByLabel("Province", { exact: true })).toHaveValue("gauteng");
    await checkA11y(page);

    // Sent empty: the messages, nothing stored.
    await page.getByRole("button", { name: "Send to dealers" }).click();
    await expect(page.locator("#trade-in-name-error")).toHaveText("Please enter your name");
    await expect(page.locator("#trade-in-consent-error")).toContainText("Please agree to be contacted");

    const email = uniqueEmail("trade-in");
    const sentAt = Date.now();
    await page.getByLabel("Name", { exact: true }).fill("Kagiso Trade-In");
    await page.getByLabel("Mobile number", { exact: true }).fill("071 555 0123");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("checkbox").check();
    await expect(page.getByText("Verified")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Send to dealers" }).click();
    const confirmation = page.getByTestId("lead-confirmation");
    await expect(confirmation.getByRole("heading", { name: "Thank you, your request is sent" })).toBeVisible();
    await expect(confirmation).toContainText(/dealers? ha(s|ve) your request/);
    await checkA11y(page);

    // The seller's confirmation, and a dealer's mail with the car and the valuation, answering the seller.
    const mine = await readOutbox({ to: email, subjectIncludes: "offers for your car", after: sentAt });
    expect(mine.text).toContain("Selling: 2013 Daihatsu Terios 1.5, 120 000 km");
    expect(mine.text).toContain("These dealers will contact you");
    await expect
      .poll(async () => (await listOutbox()).filter((m) => m.writtenAt.getTime() >= sentAt && (m.headers["reply-to"] ?? "").includes(email)).length)
      .toBeGreaterThan(0);
    const toDealer = (await listOutbox()).find((m) => (m.headers["reply-to"] ?? "").includes(email))!;
    expect(toDealer.subject).toBe("Trade-in lead from Voitura: 2013 Daihatsu Terios 1.5, 120 000 km");
    expect(toDealer.text).toContain("Voitura's valuation of the asking price: R ");
    expect(toDealer.text).toContain("+27 71 555 0123");
  });

  test("Get offers from dealers: an address naming no car asks to value it first", async ({ page, checkA11y }) => {
    await expectStatus(page, "/estimer-ma-voiture/offres?make=daihatsu&model=terios&year=1800&km=1", 400);
    await expect(page.getByRole("heading", { name: "Value your car first" })).toBeVisible();
    await expect(page.getByTestId("trade-in-form")).toHaveCount(0);
    await checkA11y(page);
  });

  test("My ads: a live ad's worth against its price", async ({ page, checkA11y }) => {
    await page.goto("/mon-compte/annonces");
    await page.getByLabel("Email").fill(E2E_VALUATION_SELLER.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_VALUATION_SELLER.password);
    await page.getByRole("button", { name: "Sign in now" }).click();
    await expect(page).toHaveURL(/\/mon-compte\/annonces$/, { timeout: 20_000 });
    const row = page.locator(`[data-testid="my-ad"][data-ad-id="${E2E_VALUATION_SELLER_AD.id}"]`);
    await expect(row.getByTestId("my-ad-worth")).toContainText(E2E_SELLER_WORTH);
    await expect(row.getByRole("link", { name: "See the valuation" })).toHaveAttribute("href", `${VALUATION}?make=daihatsu&model=terios&year=2013&km=${E2E_VALUATION_SELLER_AD.km}`);
    await checkA11y(page);
  });
});

test.describe("car valuation without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form: the make first lists its models, then the answer", async ({ page }) => {
    await expectStatus(page, VALUATION, 200);
    await page.getByLabel("Make", { exact: true }).selectOption("daihatsu");
    await page.getByLabel("Year", { exact: true }).fill("2013");
    await page.getByLabel("Mileage (km)").fill("120000");
    await page.getByRole("button", { name: "Value my car" }).click();
    // No model yet: the page asks for it (400), the make's models now listed, the rest kept.
    await expect(page.locator("#valuation-model-error")).toHaveText("Choose the model");
    await expect(page.getByLabel("Year", { exact: true })).toHaveValue("2013");
    await page.getByLabel("Model", { exact: true }).selectOption("terios");
    await page.getByRole("button", { name: "Value my car" }).click();
    await expect(page.getByTestId("valuation-range")).toHaveText(E2E_TERIOS_ANSWER.range);
  });
});
