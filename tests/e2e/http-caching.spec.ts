import { E2E_BASE_URL } from "../setup/e2e-paths";
import { expect, test } from "./fixtures";

const PUBLIC = "public, max-age=0, s-maxage=300";
const CDN = "max-age=300, stale-while-revalidate=86400";
const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

test.describe("HTTP caching of pages", () => {
  test("an anonymous page is public with a strong ETag; a repeat with If-None-Match gets 304 and no body", async ({ request }) => {
    const first = await request.get("/");
    expect(first.status()).toBe(200);
    expect(first.headers()["cache-control"]).toBe(PUBLIC);
    // Only a CDN may serve it stale; a browser revalidates every time.
    expect(first.headers()["cdn-cache-control"]).toBe(CDN);
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);

    // Every response has its own CSP nonce, yet the same page has the same ETag.
    const second = await request.get("/");
    const [n1, n2] = [nonceOf(first.headers()["content-security-policy"]), nonceOf(second.headers()["content-security-policy"])];
    expect(n1).toBeTruthy();
    expect(n2).not.toBe(n1);
    expect(await second.text()).toContain(`nonce="${n2}"`);
    expect(second.headers()["etag"]).toBe(etag);

    const revalidated = await request.get("/", { headers: { "If-None-Match": etag! } });
    expect(revalidated.status()).toBe(304);
    expect((await revalidated.body()).length).toBe(0);
    expect(revalidated.headers()["etag"]).toBe(etag);
    expect(revalidated.headers()["cache-control"]).toBe(PUBLIC);
    // The stored page keeps the CSP (and nonce) it came with.
    expect(revalidated.headers()["content-security-policy"]).toBeUndefined();

    const changed = await request.get("/", { headers: { "If-None-Match": '"something-else"' } });
    expect(changed.status()).toBe(200);
  });

  test("the about and contact pages are public too; the contact form's answers are not", async ({ request }) => {
    for (const path of ["/a-propos-de-nous", "/contactez-nous"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe(PUBLIC);
      expect(response.headers()["etag"], path).toBeTruthy();
    }
    const post = await request.post("/contactez-nous", { form: { name: "" }, headers: { Origin: E2E_BASE_URL } });
    expect(post.status()).toBe(400);
    expect(post.headers()["cache-control"]).toBe("private, no-store");
    expect(post.headers()["etag"]).toBeUndefined();
  });

  test("error pages are never cached", async ({ request }) => {
    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["cache-control"]).toBe("private, no-store");
    expect(missing.headers()["etag"]).toBeUndefined();
  });

  test("a signed-in visitor's request never gets a public page", async ({ request }) => {
    const response = await request.get("/", { headers: { Cookie: "better-auth.session_token=abc.def" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(response.headers()["cdn-cache-control"]).toBeUndefined();
    expect(response.headers()["etag"]).toBeUndefined();
  });

  test("client-side navigation data follows the same rules", async ({ request }) => {
    const anonymous = await request.get("/a-propos-de-nous.data");
    expect(anonymous.status()).toBe(200);
    expect(anonymous.headers()["cache-control"]).toBe(PUBLIC);
    const signedIn = await request.get("/a-propos-de-nous.data", { headers: { Cookie: "better-auth.session_token=abc" } });
    expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers()["cdn-cache-control"]).toBeUndefined();
    const missing = await request.get("/no-such-page.data");
    expect(missing.headers()["cache-control"]).toBe("private, no-store");
  });

  test("a page rendered for a colour-mode cookie stays out of shared caches but can still be revalidated", async ({ request }) => {
    const dark = await request.get("/", { headers: { Cookie: "colour-mode=dark" } });
    expect(await dark.text()).toMatch(/<html[^>]*class="dark"/);
    expect(dark.headers()["cache-control"]).toBe("private, no-cache");
    expect(dark.headers()["cdn-cache-control"]).toBeUndefined();
    const etag = dark.headers()["etag"]!;
    expect(etag).not.toBe((await request.get("/")).headers()["etag"]);
    const again = await request.get("/", { headers: { Cookie: "colour-mode=dark", "If-None-Match": etag } });
    expect(again.status()).toBe(304);
  });

  test("a page the browser revalidates (304) still runs its scripts under its stored CSP", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const statuses: number[] = [];
    page.on("response", (r) => {
      if (r.url() === `${E2E_BASE_URL}/a-propos-de-nous`) statuses.push(r.status());
    });
    await page.goto("/a-propos-de-nous");
    await page.reload();
    await page.reload();
    // Hydrated: the theme toggle works.
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(violations).toEqual([]);
    expect(statuses.length).toBeGreaterThanOrEqual(3);
  });
});

test.describe("query parameters a page does not read", () => {
  test("send the page to its address without them, so they cannot force a render; campaign fields stay", async ({ request, page }) => {
    const redirected = await request.get("/a-propos-de-nous?cachebuster=1&utm_source=newsletter", { maxRedirects: 0 });
    expect(redirected.status()).toBe(301);
    expect(redirected.headers()["location"]).toBe("/a-propos-de-nous?utm_source=newsletter");

    // Whatever the campaign, visitors share the one stored page.
    await request.get("/guide-auto/voitures-electriques");
    const tagged = await request.get("/guide-auto/voitures-electriques?utm_source=mail&utm_campaign=ev-week&gclid=abc");
    expect(tagged.status()).toBe(200);
    expect(tagged.headers()["x-page-cache"]).toBe("hit");

    // A search page redirects to its canonical address itself: campaign fields used to be lost there.
    await page.goto("/marche-doccasion/rechercher?make=toyota&utm_source=mail&utm_campaign=spring");
    await expect(page).toHaveURL(/\/marche-doccasion\/rechercher\?make1=toyota&utm_source=mail&utm_campaign=spring$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // The parameters a page does read keep working.
    const news = await request.get("/actualite-auto/toute-l-actualite?page=2", { maxRedirects: 0 });
    expect(news.status()).toBe(200);
  });
});

test.describe("sitemaps and robots.txt", () => {
  test("the sitemap index and its children are well-formed XML with absolute URLs", async ({ request, page }) => {
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    expect(index.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
    const indexXml = await index.text();
    const children = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(children).toEqual([
      `${E2E_BASE_URL}/sitemaps/pages.xml`,
      `${E2E_BASE_URL}/sitemaps/catalogue-1.xml`,
      `${E2E_BASE_URL}/sitemaps/news-1.xml`,
      `${E2E_BASE_URL}/sitemaps/used-cars-1.xml`,
      `${E2E_BASE_URL}/sitemaps/dealers-1.xml`,
      `${E2E_BASE_URL}/sitemaps/guides.xml`,
    ]);

    await page.goto("/robots.txt"); // any same-origin page gives the browser's XML parser
    const parseErrors = async (xml: string) =>
      page.evaluate((text) => new DOMParser().parseFromString(text, "application/xml").getElementsByTagName("parsererror").length, xml);
    expect(await parseErrors(indexXml)).toBe(0);

    for (const child of children) {
      const response = await request.get(child);
      expect(response.status(), child).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
      const xml = await response.text();
      expect(await parseErrors(xml), child).toBe(0);
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeGreaterThan(child.includes("catalogue") ? 1000 : 5);
      for (const loc of locs) expect(loc.startsWith(`${E2E_BASE_URL}/`)).toBe(true);
    }
    const pages = await (await request.get("/sitemaps/pages.xml")).text();
    for (const path of ["/guide-auto", "/guide-auto/promos-du-moment", "/voitures-neuves/recherche", "/contactez-nous", "/marche-doccasion"]) expect(pages).toContain(`<loc>${E2E_BASE_URL}${path}</loc>`);
    const usedCars = await (await request.get("/sitemaps/used-cars-1.xml")).text();
    expect(usedCars).toMatch(new RegExp(`<loc>${E2E_BASE_URL}/marche-doccasion/annonce/\\d+-[a-z0-9-]+</loc>`));

    for (const unknown of ["/sitemaps/catalogue-99.xml", "/sitemaps/other.xml", "/sitemaps/catalogue-1.txt"]) {
      expect((await request.get(unknown)).status(), unknown).toBe(404);
    }
  });

  test("robots.txt allows all but personal and POST-only paths and names the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("User-agent: *\nAllow: /\n");
    for (const path of ["/newsletter", "/captcha", "/build-id", "/api.php", "/mon-compte", "/login", "/register"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`);
  });
});
