import { expect, expectStatus, test } from "./fixtures";

// Spec: an unmatched route shows the 404 error page inside the app shell; crawlers get no error page.
const FOOTER_HEADING = "List of brands and models available in South Africa";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test("an unknown URL shows the 404 page", async ({ page }) => {
  await expectStatus(page, "/no-such-page", 404);
  await expect(page.getByText("404", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("oops! Page introuvable")).toBeVisible();
  await expect(page.getByText("Page not found: /no-such-page")).toBeVisible();
  expect(await page.title()).toMatch(/^404 /);
});

test("the 404 page is rendered in the app shell", async ({ page }) => {
  // Also what makes the crawler test below meaningful: browsers do get the footer.
  await expectStatus(page, "/no-such-page", 404);
  await expect(page.getByText(FOOTER_HEADING).first()).toBeAttached();
});

test("the 404 page leads back home", async ({ page, baseURL }) => {
  await expectStatus(page, "/no-such-page", 404);
  const name = "Retour à la page d'accueil";
  await page.getByRole("link", { name }).or(page.getByRole("button", { name })).first().click();
  await expect(page).toHaveURL(`${baseURL}/`);
});

for (const url of ["/guide-auto/guide-auto", "/actualite-auto/actualite-auto", "/concessionnaires/concessionnaires"]) {
  test(`${url} is not a page (404)`, async ({ page }) => {
    await expectStatus(page, url, 404);
  });
}

test("a crawler gets a bare 404 without the app shell", async ({ request }) => {
  const response = await request.get("/no-such-page", { headers: { "user-agent": GOOGLEBOT } });
  expect(response.status()).toBe(404);
  const body = await response.text();
  expect(body.length, `body was:\n${body.slice(0, 500)}`).toBeLessThan(2048);
  expect(body).not.toContain(FOOTER_HEADING);
});

test("the 404 page has no serious accessibility violations", async ({ page, checkA11y }) => {
  await expectStatus(page, "/no-such-page", 404);
  await checkA11y(page);
});
