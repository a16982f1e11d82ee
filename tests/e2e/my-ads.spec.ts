import type { Browser, Page } from "@playwright/test";
import { E2E_MY_ADS, E2E_MY_ADS_SELLER, E2E_NO_ADS_SELLER } from "../setup/e2e-marketplace-data";
import { expect, expectStatus, readOutbox, test } from "./fixtures";

// My ads (/mon-compte/annonces): a seller's ads with their figures, and the actions a seller
// takes on them, with scripts (toasts, a confirm dialog) and without (plain POSTs, a confirm step);
// the expiry mail's one-click renew link; "Price reduced" on a card and its page. The seller and
// ads are written by tests/setup/e2e-marketplace.ts, which also runs the expiry job once.

const MY_ADS = "/mon-compte/annonces";

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto(MY_ADS);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmon-compte%2Fannonces$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in now" }).click();
  // A password check (scrypt) on two busy cores can take several seconds.
  await expect(page).toHaveURL(new RegExp(`${MY_ADS}$`), { timeout: 20_000 });
}

const row = (page: Page, adId: number) => page.locator(`[data-testid="my-ad"][data-ad-id="${adId}"]`);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function noScriptPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

test.describe("My ads", () => {
  test("lists the seller's ads with their figures, time left and the live-ads limit", async ({ page, checkA11y }) => {
    await signIn(page, E2E_MY_ADS_SELLER);
    await expect(page.getByRole("heading", { level: 1, name: "My ads" })).toBeVisible();
    await expect(page.getByTestId("live-ads-line")).toContainText("of 10 live ads");
    const sell = row(page, E2E_MY_ADS.toSell);
    await expect(sell.getByRole("heading", { name: "2018 Toyota Corolla 1.6 Prestige" })).toBeVisible();
    await expect(sell.getByTestId("my-ad-figures")).toContainText("214 views");
    await expect(sell.getByTestId("my-ad-figures")).toContainText("5 messages");
    await expect(sell.getByTestId("my-ad-figures")).toContainText("9 phone reveals");
    await expect(sell.getByTestId("my-ad-status")).toHaveText("Status: For sale");
    await expect(sell.getByTestId("my-ad-time")).toHaveText(/Expires in (59|60) days/);
    await expect(row(page, E2E_MY_ADS.expired).getByTestId("my-ad-time")).toHaveText(/^Expired on \d{1,2} \w{3}/);
    await expect(row(page, E2E_MY_ADS.reduced)).toContainText("Price reduced from R 189 900");
    await checkA11y(page);
  });

  test("an empty list offers to sell a car", async ({ page, checkA11y }) => {
    await signIn(page, E2E_NO_ADS_SELLER);
    await expect(page.getByTestId("my-ads-empty")).toContainText("You have no ads yet");
    await expect(page.getByTestId("my-ads-empty").getByRole("link", { name: "Sell my car" })).toHaveAttribute("href", "/poster-une-annonce");
    await expect(page.getByTestId("live-ads-line")).toContainText("0 of 10 live ads");
    await checkA11y(page);
  });

  test("mark as sold: the status says Sold and so does the ad page", async ({ page }) => {
    await signIn(page, E2E_MY_ADS_SELLER);
    const ad = row(page, E2E_MY_ADS.toSell);
    await ad.getByRole("button", { name: "Mark as sold" }).click();
    await expect(toast(page, "is marked as sold")).toBeVisible({ timeout: 15_000 });
    await expect(ad.getByTestId("my-ad-status")).toHaveText("Status: Sold");
    await expect(ad.getByRole("button", { name: "Mark as sold" })).toHaveCount(0);
    await ad.getByRole("link", { name: "2018 Toyota Corolla 1.6 Prestige" }).click();
    await expect(page.getByTestId("sold-notice")).toContainText("This car has been sold");
  });

  test("pause takes the ad out of search; putting it back returns it", async ({ page }) => {
    await signIn(page, E2E_MY_ADS_SELLER);
    const search = "/marche-doccasion/rechercher?q=Corolla%20Quest";
    const result = page.locator(`article[data-ad-id="${E2E_MY_ADS.toPause}"]`);
    await page.goto(search);
    await expect(result).toHaveCount(1);

    await page.goto(MY_ADS);
    const ad = row(page, E2E_MY_ADS.toPause);
    await ad.getByRole("button", { name: "Pause" }).click();
    await expect(toast(page, "is paused")).toBeVisible({ timeout: 15_000 });
    await expect(ad.getByTestId("my-ad-status")).toHaveText("Status: Paused");
    await page.goto(search);
    await expect(page.locator("main")).toBeVisible();
    await expect(result).toHaveCount(0);

    await page.goto(MY_ADS);
    await ad.getByRole("button", { name: "Put back on sale" }).click();
    await expect(toast(page, "is back on sale")).toBeVisible({ timeout: 15_000 });
    await expect(ad.getByTestId("my-ad-status")).toHaveText("Status: For sale");
    await page.goto(search);
    await expect(result).toHaveCount(1);
  });

  test("renew brings an expired ad back for 60 days", async ({ page }) => {
    await signIn(page, E2E_MY_ADS_SELLER);
    const ad = row(page, E2E_MY_ADS.expired);
    await expect(ad.getByTestId("my-ad-status")).toHaveText("Status: Expired");
    await ad.getByRole("button", { name: "Renew" }).click();
    await expect(toast(page, "is online again until")).toBeVisible({ timeout: 15_000 });
    await expect(ad.getByTestId("my-ad-status")).toHaveText("Status: For sale");
    await expect(ad.getByTestId("my-ad-time")).toHaveText("Expires in 60 days");
  });

  test("delete asks first, in a dialog, then the ad is gone", async ({ page, checkA11y }) => {
    await signIn(page, E2E_MY_ADS_SELLER);
    const ad = row(page, E2E_MY_ADS.toDelete);
    await ad.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this ad?" });
    await expect(dialog).toContainText("2012 Toyota Corolla 2.0 Exclusive");
    await checkA11y(page);
    // Keeping it changes nothing.
    await dialog.getByRole("button", { name: "Keep the ad" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(ad).toHaveCount(1);
    await ad.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete this ad?" }).getByRole("button", { name: "Delete for good" }).click();
    await expect(toast(page, "Your ad was deleted")).toBeVisible({ timeout: 15_000 });
    await expect(ad).toHaveCount(0);
    await expectStatus(page, "/marche-doccasion/annonce/990104-2012-toyota-corolla-2-0-exclusive", 404);
  });

  test("the expiry mail's renew link renews without sign-in, once", async ({ page, checkA11y }) => {
    const mail = await readOutbox({ to: E2E_MY_ADS_SELLER.email, subjectIncludes: "2016 Toyota Corolla 1.4D Prestige expires on" });
    const link = mail.links.find((l) => l.includes(`${MY_ADS}/renouveler?token=`));
    expect(link).toBeTruthy();
    await expectStatus(page, link!, 200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Your ad is online again until \d{1,2} \w+/);
    await checkA11y(page);
    await expectStatus(page, link!, 410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link cannot renew the ad");
    await expect(page.getByText("This link was already used")).toBeVisible();
    await expectStatus(page, `${MY_ADS}/renouveler?token=990106.1.forged`, 404);
  });

  test("a reduced price shows on the card and the ad page; a hidden number has no reveal button", async ({ page }) => {
    await page.goto("/marche-doccasion/rechercher?q=Corolla%20Cross");
    const card = page.locator(`article[data-ad-id="${E2E_MY_ADS.reduced}"]`);
    await expect(card.getByTestId("price-reduced")).toContainText("Price reduced");
    await expect(card.getByTestId("price-reduced").locator("s")).toHaveText("189.900 ZAR");
    await expect(card).toContainText("Price reduced from R 189 900");
    await card.getByRole("link", { name: "2020 Toyota Corolla Cross 1.8 Xi" }).click();
    await expect(page.getByTestId("price-reduced")).toContainText("Price reduced from R 189 900");

    await page.goto(`/marche-doccasion/annonce/${E2E_MY_ADS.hiddenPhone}-2019-toyota-corolla-quest-plus`);
    await expect(page.getByRole("heading", { level: 1, name: "2019 Toyota Corolla Quest Plus" })).toBeVisible();
    await expect(page.getByRole("button", { name: /phone number/i })).toHaveCount(0);
  });

  test("without JavaScript the actions are plain POSTs, and deleting has a confirm step", async ({ browser }) => {
    const page = await noScriptPage(browser);
    await signIn(page, E2E_MY_ADS_SELLER);
    const ad = row(page, E2E_MY_ADS.hiddenPhone);
    await ad.getByRole("button", { name: "Pause" }).click();
    await expect(page).toHaveURL(new RegExp(`${MY_ADS}\\?done=pause&ad=${E2E_MY_ADS.hiddenPhone}$`));
    await expect(page.getByRole("status")).toContainText("“2019 Toyota Corolla Quest Plus” is paused");
    await expect(ad.getByTestId("my-ad-status")).toHaveText("Status: Paused");

    await ad.getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(new RegExp(`${MY_ADS}\\?supprimer=${E2E_MY_ADS.hiddenPhone}$`));
    const step = page.getByTestId("confirm-delete");
    await expect(step).toContainText("2019 Toyota Corolla Quest Plus");
    await step.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page.getByRole("status")).toContainText("Your ad was deleted");
    await expect(ad).toHaveCount(0);
    await page.context().close();
  });
});
