import { expect, test } from "./fixtures";

const pages = [
  { path: "/", title: "The first new car comparator in South Africa | Voitura", heading: "Find the right new car at the right price." },
  { path: "/a-propos-de-nous", title: "About us | Voitura", heading: "Helping South Africans choose their next car with confidence" },
  {
    path: "/politique-de-confidentalite-et-mentions-legales",
    title: "Privacy policy and legal notice | Voitura",
    heading: "Privacy policy and legal notice",
  },
  { path: "/contactez-nous", title: "Contact us | Voitura", heading: "Contact us" },
];

for (const p of pages) {
  test(`${p.path} has its title, canonical, Open Graph tags and passes axe`, async ({ page, checkA11y }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.sourceFile}`));
    });
    const response = await page.goto(p.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(p.title);
    await expect(page.getByRole("heading", { level: 1, name: p.heading })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${p.path === "/" ? "/$" : `${p.path}$`}`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", p.title);
    await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", "/atom.xml");
    await checkA11y(page);
    // Nothing on the page trips the CSP (an eval probe, an inline script without the nonce…).
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  });
}

test("security headers: a nonce-based CSP without unsafe-inline scripts", async ({ request }) => {
  const response = await request.get("/");
  const csp = response.headers()["content-security-policy"] ?? "";
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["x-request-id"]).toBeTruthy();
  const html = await response.text();
  const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
  // Every script in the document carries the nonce.
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
});

test("no console errors while loading the home page", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});
