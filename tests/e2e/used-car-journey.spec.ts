import { expect, expectStatus, listOutbox, registerAndActivate, test, uniqueEmail } from "./fixtures";

// The buyer's whole journey on the seeded demo marketplace: the hub's quick search, a filter
// applied on the search page, a result opened, and the seller contacted; the mail is read from
// the outbox (to the seller, Reply-To the buyer, the seller's address never shown).

test.describe.configure({ timeout: 120_000 });

test("hub → search → filter → ad → contact the seller", async ({ page }) => {
  await expectStatus(page, "/marche-doccasion", 200);
  const quick = page.getByRole("form", { name: "Quick search" });
  await quick.getByLabel("Make").selectOption("toyota");
  await quick.getByRole("button", { name: /Search/ }).click();
  await expect(page).toHaveURL("/marche-doccasion/rechercher?make1=toyota");
  // Unhydrated, a ticked box waits for "Apply": the quick search may have been a full page load.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  await page.getByRole("group", { name: "Transmission" }).getByLabel(/Automatic/).check();
  await expect(page).toHaveURL("/marche-doccasion/rechercher?make1=toyota&transmission=automatic");
  await expect(page.getByRole("link", { name: "Remove filter: Automatic" })).toBeVisible();

  const first = page.getByTestId("search-results").locator("article").first();
  const title = (await first.getByRole("heading").innerText()).trim();
  expect(title).toMatch(/^\d{4} Toyota /);
  await first.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/marche-doccasion\/annonce\/\d+-[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Automatic").first()).toBeVisible();

  const buyer = uniqueEmail("journey");
  const started = Date.now();
  const form = page.getByRole("form", { name: "Contact the seller" });
  await form.getByLabel("Your name").fill("Lerato Dlamini");
  await form.getByLabel("Your email").fill(buyer);
  await form.getByLabel("I agree").check();
  await expect(form.getByText("Verified")).toBeVisible({ timeout: 20_000 });
  await form.getByRole("button", { name: "Send to the seller" }).click();
  await expect(page.getByText("Your message is on its way to the seller.")).toBeVisible();

  // The mail about this ad: to the demo seller, with the buyer as Reply-To.
  let mail;
  for (let i = 0; i < 50 && !mail; i++) {
    mail = (await listOutbox()).find((m) => m.writtenAt.getTime() >= started && m.subject.includes(title));
    if (!mail) await page.waitForTimeout(200);
  }
  expect(mail, `a mail about "${title}" in the outbox`).toBeTruthy();
  expect(mail!.headers["reply-to"]).toContain(buyer);
  expect(mail!.to).not.toContain(buyer);
  expect(mail!.text).toContain("Lerato Dlamini");
  await expect(page.locator("body")).not.toContainText(mail!.to);
});

test("a heart on a search result (printed, not hydrated) asks a visitor to sign in, then saves", async ({ browser }) => {
  test.slow();
  const email = uniqueEmail("card-heart");
  const signUp = await browser.newContext();
  await registerAndActivate(await signUp.newPage(), "Ayanda", email);
  await signUp.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/marche-doccasion/rechercher?make1=toyota");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const first = page.getByTestId("search-results").locator("article").first();
  const title = (await first.getByRole("heading").innerText()).trim();
  await first.getByRole("button", { name: `Save ${title} to favourites` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Sign in" })).toBeVisible({ timeout: 15_000 });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("Secret123");
  await dialog.getByRole("button", { name: "Sign in now" }).click();
  await expect(dialog).toBeHidden();
  await expect(first.getByRole("button", { name: `Remove ${title} from favourites` })).toHaveAttribute("aria-pressed", "true");
  // Kept on the account: the search shows it saved after a reload.
  await page.reload();
  await expect(page.getByTestId("search-results").getByRole("button", { name: `Remove ${title} from favourites` })).toHaveAttribute("aria-pressed", "true");
  await context.close();
});
