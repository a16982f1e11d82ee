import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../setup/e2e-paths";
import { E2E_DEALER_DASHBOARD_FILE, E2E_DEALER_OWNER, type E2eDealerDashboard } from "../setup/e2e-dealer-dashboard-data";
import { expect, test } from "./fixtures";

// The dealer dashboard (issue 46): a demo dealer's owner (tests/setup/e2e-dealer-dashboard.ts)
// reads the stock and its 30 days, filters it, pauses an ad and puts it back with the bulk
// buttons, sets a lead's status and note, and downloads the leads as CSV.

const fixture = (): E2eDealerDashboard => JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, E2E_DEALER_DASHBOARD_FILE), "utf8")) as E2eDealerDashboard;
const dashboard = (section = "") => `/mon-compte/concession/${fixture().dealerId}${section ? `/${section}` : ""}`;

async function signIn(page: Page, to: string) {
  await page.goto(to);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(E2E_DEALER_OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_DEALER_OWNER.password);
  await page.getByRole("button", { name: "Sign in now" }).click();
  // A password check (scrypt) on two busy cores can take several seconds.
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, "\\?")}$`), { timeout: 20_000 });
}

const adRow = (page: Page, adId: number) => page.locator(`[data-testid="stock-ad"][data-ad-id="${adId}"]`);

test.describe("Dealer dashboard", () => {
  test("the stock: its 30 days as charts and a table, the ads with their figures, and the filters", async ({ page, checkA11y }) => {
    const { liveAdId, liveAdTitle, dealerName } = fixture();
    await signIn(page, dashboard());
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(dealerName);
    await expect(page.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add a car" })).toHaveAttribute("href", `/poster-une-annonce?pour=${fixture().dealerId}`);

    const picture = page.getByTestId("thirty-days");
    await expect(picture.getByRole("img", { name: /Views of your ads, a day over the last 30 days/ })).toBeVisible();
    await expect(picture.getByTestId("week-views")).toContainText(/Up \d+ % on the week before/);
    const table = picture.getByRole("table", { name: "Views, contacts and leads a day, newest first" });
    await expect(table.getByRole("row")).toHaveCount(31);
    await expect(table.getByRole("row").nth(1).getByRole("rowheader")).toHaveText("Today");

    const row = adRow(page, liveAdId);
    await expect(row.getByRole("heading", { name: liveAdTitle })).toBeVisible();
    await expect(row).toContainText("Stock no. DEMO-001");
    await expect(row.getByTestId("stock-ad-figures")).toContainText(/\d+ views/);
    await expect(row.getByTestId("stock-ad-days")).toHaveText(/(Listed today|\d+ days? on the market)/);
    await expect(row.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/poster-une-annonce/modifier/${liveAdId}`);
    await checkA11y(page);

    // A plain GET filter: every ad it shows is for sale and rated high.
    await page.getByRole("navigation", { name: "Filter your ads" }).getByRole("link", { name: /Rated “High price”/ }).click();
    await expect(page).toHaveURL(/\?filter=high-price$/);
    const rated = page.getByTestId("stock-ad-rating");
    await expect(rated.first()).toBeVisible();
    for (const label of await rated.allTextContents()) expect(label).toBe("High price");
    await expect(page.getByTestId("stock-ad-status").filter({ hasNotText: "For sale" })).toHaveCount(0);
  });

  test("a bulk action: pause a ticked ad, find it under Paused, and put it back on sale", async ({ page, checkA11y }) => {
    const { liveAdId } = fixture();
    await signIn(page, dashboard());
    await adRow(page, liveAdId).getByRole("checkbox").check();
    await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Pause" }).click();
    await expect(page.getByText("1 ad paused.")).toBeVisible({ timeout: 15_000 });
    await expect(adRow(page, liveAdId).getByTestId("stock-ad-status")).toHaveText("Status: Paused");

    await page.getByRole("navigation", { name: "Filter your ads" }).getByRole("link", { name: /^Paused/ }).click();
    await expect(page).toHaveURL(/\?filter=paused$/);
    await expect(adRow(page, liveAdId)).toBeVisible();
    await checkA11y(page);
    await adRow(page, liveAdId).getByRole("checkbox").check();
    await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Put back on sale" }).click();
    await expect(page.getByText("1 ad back on sale.")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("stock-filter-empty")).toContainText("No ads under “Paused”");
  });

  test("the leads: the three kinds newest first, a status and note set and kept, a filter by status", async ({ page, checkA11y }) => {
    const { leadNames } = fixture();
    await signIn(page, dashboard("prospects"));
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    const leads = page.getByTestId("lead");
    await expect(leads).toHaveCount(3);
    await expect(leads.getByRole("heading", { level: 2 })).toHaveText([leadNames.ad, leadNames.page, leadNames.request]);
    await expect(leads.nth(0)).toContainText("Message about an ad");
    await expect(leads.nth(0)).toContainText("stock no. DEMO-001");
    await expect(leads.nth(2)).toContainText("Find-my-car request");
    await expect(leads.nth(2)).toContainText("Budget: R 200.000 - R 300.000");
    await checkA11y(page);

    const lead = leads.nth(1);
    await lead.getByLabel("Status").selectOption("appointment");
    await lead.getByLabel(/^Note/).fill("Booked for Tuesday 09:00 (demo data)");
    await lead.getByRole("button", { name: "Save" }).click();
    await expect(lead.getByRole("status")).toHaveText("Saved: “Appointment”, with your note.", { timeout: 15_000 });

    await page.reload();
    await expect(page.getByTestId("lead").nth(1).getByLabel("Status")).toHaveValue("appointment");
    await expect(page.getByTestId("lead").nth(1).getByLabel(/^Note/)).toHaveValue("Booked for Tuesday 09:00 (demo data)");

    await page.getByLabel("Status", { exact: true }).first().selectOption("appointment");
    await page.getByRole("button", { name: "Show" }).click();
    // The GET form sends its empty kind too.
    await expect(page).toHaveURL(/\?status=appointment(&kind=)?$/);
    await expect(page.getByTestId("lead")).toHaveCount(1);
    await expect(page.getByTestId("lead").getByRole("heading", { level: 2 })).toHaveText(leadNames.page);
  });

  test("the leads without scripts: a status form posts and the page comes back saying so", async ({ browser }) => {
    const { leadNames } = fixture();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(dashboard("prospects"));
    await page.getByLabel("Email").fill(E2E_DEALER_OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_DEALER_OWNER.password);
    await page.getByRole("button", { name: "Sign in now" }).click();
    await expect(page).toHaveURL(new RegExp(`${dashboard("prospects")}$`), { timeout: 20_000 });
    const lead = page.locator('[data-testid="lead"]').filter({ hasText: leadNames.request });
    await lead.getByLabel("Status").selectOption("contacted");
    await lead.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`Saved: ${leadNames.request}’s lead is “Contacted”.`)).toBeVisible();
    await expect(page).toHaveURL(/\?saved=request-\d+#lead-request-\d+$/);
    await context.close();
  });

  test("the CSV export: a download of every lead with its status", async ({ page }) => {
    const { leadNames } = fixture();
    await signIn(page, dashboard("prospects"));
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download as CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("received_at,kind,status,note,name,email,phone,asked,message,ad,stock_number,ad_url");
    expect(lines).toHaveLength(4);
    expect(text).toContain(leadNames.ad);
    expect(text).toContain(leadNames.page);
    expect(text).toContain(leadNames.request);
    expect(text).toContain("DEMO-001");
  });
});
