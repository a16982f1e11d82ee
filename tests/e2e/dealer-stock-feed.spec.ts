import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_FEED_OWNER } from "../setup/e2e-stock-feed-data";
import { makeZip } from "../setup/zip-writer";
import { expect, test } from "./fixtures";

// A dealer's stock feed in the dashboard (docs/dealer-feed.md): a feed with an error is checked
// and its errors are shown by line and column, nothing imported; the corrected feed is checked,
// imported as a job, and the page's progress line gives way to the import's summary. The dealer
// and its owner are written by tests/setup/e2e-stock-feed.ts.

const example = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/examples/dealer-feed.csv"), "utf8");

async function photosZip(): Promise<Buffer> {
  const names = ["ex-1001-front.jpg", "ex-1001-side.jpg", "ex-1002-front.jpg", "ex-1003-front.jpg"];
  const files = await Promise.all(
    names.map(async (name, i) => ({
      name,
      bytes: await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 40 * i, g: 120, b: 200 - 30 * i } } }).jpeg({ quality: 70 }).toBuffer(),
    })),
  );
  return makeZip(files);
}

async function signInToFeed(page: Page) {
  await page.goto("/mon-compte/concession");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(E2E_FEED_OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_FEED_OWNER.password);
  await page.getByRole("button", { name: "Sign in now" }).click();
  // A password check (scrypt) on two busy cores can take several seconds.
  await expect(page).toHaveURL(/\/mon-compte\/concession\/\d+$/, { timeout: 20_000 });
  const link = page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Stock feed" });
  await page.goto((await link.getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1, name: "Stock feed" })).toBeVisible();
}

async function check(page: Page, csv: string, zip: Buffer) {
  await page.getByLabel(/Feed file/).setInputFiles({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByLabel(/Photos/).setInputFiles({ name: "photos.zip", mimeType: "application/zip", buffer: zip });
  await page.getByRole("button", { name: "Check the feed" }).click();
  await expect(page.getByRole("heading", { name: "Check of stock.csv" })).toBeVisible({ timeout: 30_000 });
}

test.describe("Dealer stock feed", () => {
  test("errors come back by line and column, then a clean feed is imported with its photos", async ({ page, checkA11y }) => {
    test.setTimeout(120_000);
    await signInToFeed(page);
    await expect(page.getByText("No feed has been imported yet.")).toBeVisible();
    await checkA11y(page);
    const zip = await photosZip();

    // A price out of range on line 3 and a photo missing from the ZIP on line 4.
    const broken = example.replace("R 214 900", "R 12").replace("ex-1003-front.jpg", "ex-1003-rear.jpg");
    await check(page, broken, zip);
    const result = page.getByRole("region", { name: "Check of stock.csv" });
    await expect(result).toContainText("2 errors");
    await expect(result).toContainText("line 3, price_zar: The price must be between R 5 000 and R 20 000 000");
    await expect(result).toContainText("line 4, photos: 'ex-1003-rear.jpg' is not in the photos' ZIP");
    await expect(result.getByRole("button", { name: "Import the 1 good row" })).toBeVisible();
    await checkA11y(page);

    await check(page, example, zip);
    await expect(result).toContainText("3 rows: 3 to create, 0 to update (0 price changes), 0 unchanged, 0 to mark sold.");
    await result.getByRole("button", { name: "Import" }).click();
    await expect(page).toHaveURL(/\/import$/);
    // The job runs within the worker's next poll; the page refreshes itself until it is done.
    const last = page.getByRole("region", { name: "Last imports" });
    await expect(last).toContainText("3 created, 0 updated, 0 price changes, 0 unchanged, 0 marked sold", { timeout: 60_000 });
    await checkA11y(page);

    // The same feed again: nothing to change.
    await check(page, example, zip);
    await expect(result).toContainText("3 rows: 0 to create, 0 to update (0 price changes), 3 unchanged, 0 to mark sold.");
  });
});
