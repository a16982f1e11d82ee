import fs from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "../setup/e2e-paths";
import { E2E_DEALER_POSTING_FILE, type E2eDealerPosting } from "../setup/e2e-dealer-posting-data";
import { expect, test } from "./fixtures";
import { adIdOf, checkStep, continueTo, field, fillCarToDescription, jpegs, stepUrl } from "./selling-steps";

// Posting as a dealer (issue 46): a dealer's staff member says who sells, writes the ad with the
// dealer's town and number filled in and its own stock number, and publishes the dealer's ad,
// which their private "My ads" does not list. A stock number the form cannot keep is a message
// under its field.

const posting = (): E2eDealerPosting => JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, E2E_DEALER_POSTING_FILE), "utf8")) as E2eDealerPosting;

test("a dealer's staff member posts a car for the dealer, with its stock number", async ({ page, checkA11y }) => {
  test.setTimeout(240_000);
  const { dealer, staff } = posting();
  const word = `Kudu${Date.now().toString(36)}`;

  await page.goto("/login?redirectTo=%2Fposter-une-annonce");
  await field(page, "Email").fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Sign in now" }).click();
  await expect(page.getByRole("heading", { name: "Who is selling this car?" })).toBeVisible({ timeout: 15_000 });
  await checkA11y(page);

  await page.getByRole("link", { name: new RegExp(dealer.name) }).click();
  await expect(page).toHaveURL(stepUrl("car"));
  await expect(page.getByText(`Sell a car for ${dealer.name}`)).toBeVisible();
  await fillCarToDescription(page, word);

  await field(page, "Add photos").setInputFiles((await jpegs(1))[0]!);
  await expect(page.getByText("1 of 20 photos", { exact: true })).toBeVisible({ timeout: 20_000 });
  await continueTo(page, "contact");
  // The dealer's number is there already; the stock number is the dealer's own reference.
  await expect(field(page, /^Phone number/)).not.toHaveValue("");
  await field(page, /^Stock number/).fill("=cmd()");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("#field-stockNumber-error")).toContainText("A stock number is 1 to 40 letters, digits");
  await field(page, /^Stock number/).fill(`JHB-${word}`);
  await checkStep(page, checkA11y);
  await continueTo(page, "preview");

  await page.getByRole("button", { name: "Publish my ad" }).click();
  await expect(page).toHaveURL(/\/marche-doccasion\/annonce\/\d+-/, { timeout: 15_000 });
  const adId = adIdOf(page);
  // The ad is the dealer's: its seller is the dealership, not the staff member.
  await expect(page.getByRole("main").getByRole("link", { name: dealer.name }).first()).toBeVisible();

  await page.goto("/mon-compte/annonces");
  await expect(page.getByTestId("my-ads-empty")).toBeVisible();

  // Editing it later brings back the stock number.
  await page.goto(`/poster-une-annonce/modifier/${adId}`);
  await expect(page).toHaveURL(stepUrl("car"));
  await expect(page.getByText(`Edit an ad for ${dealer.name}`)).toBeVisible();
  const draftPath = new URL(page.url()).pathname.replace(/\/car$/, "/contact");
  await page.goto(draftPath);
  await expect(field(page, /^Stock number/)).toHaveValue(`JHB-${word}`);
});

test("posting for a dealer one does not act for is the 404 page", async ({ page }) => {
  const { staff } = posting();
  await page.goto("/login?redirectTo=%2Fposter-une-annonce%3Fpour%3D999999");
  await field(page, "Email").fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Sign in now" }).click();
  await expect(page.getByRole("heading", { name: "oops! Page introuvable" })).toBeVisible({ timeout: 15_000 });
});
