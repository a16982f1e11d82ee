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

test("the error page shows the request's reference, the id its answer and its log lines carry, through hydration", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#418|#423|#425/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  const id = response?.headers()["x-request-id"];
  expect(id).toMatch(/^[\w-]{8,64}$/);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(page.getByText(`Reference: ${id}`)).toBeVisible();
  expect(problems).toEqual([]);

  // A proxy's id (nginx's $request_id) is the reference.
  await page.setExtraHTTPHeaders({ "x-request-id": "0123456789abcdef0123456789abcdef" });
  await page.goto("/no-such-page");
  await expect(page.getByText("Reference: 0123456789abcdef0123456789abcdef")).toBeVisible();
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

// isbot() also recognises headless browsers, so accessibility and monitoring tools are "crawlers".
const HEADLESS_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36";

for (const [who, userAgent] of [["a crawler", GOOGLEBOT], ["a headless browser", HEADLESS_CHROME]] as const) {
  test(`${who} gets a form's 400 as the page with its messages`, async ({ request, baseURL }) => {
    const response = await request.post("/register", {
      headers: { "user-agent": userAgent, origin: baseURL! },
      form: { name: "", email: "not-an-address", password: "", confirm_password: "" },
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["content-type"]).toContain("text/html");
    const body = await response.text();
    expect(body).toContain("Please enter your name");
    expect(body).toContain("Please enter a valid email address");
    expect(body).toContain(FOOTER_HEADING);
  });
}

test("a method a route does not handle is a 405 with Allow, never a 500", async ({ request }) => {
  for (const path of ["/", "/api.php", "/guide-auto", "/favicon.svg", "/healthz"]) {
    const trace = await request.fetch(path, { method: "TRACE" });
    expect(trace.status(), `TRACE ${path}`).toBe(path === "/favicon.svg" ? 404 : 405);
    // A static file is no route's: TRACE there is a 404 like any unknown URL.
    if (path !== "/favicon.svg") expect(trace.headers()["allow"], `TRACE ${path}`).toMatch(/^GET, HEAD\b/);
  }
  const trace = await request.fetch("/", { method: "TRACE" });
  expect(trace.headers()["allow"]).toBe("GET, HEAD, OPTIONS");

  // Pages with a form take POST, and nothing else that writes.
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    const response = await request.fetch("/contactez-nous", { method, form: { name: "x" } });
    expect(response.status(), method).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, HEAD, POST, OPTIONS");
  }
  const post = await request.post("/", { form: { anything: "1" } });
  expect(post.status()).toBe(405);
  expect(post.headers()["allow"]).toBe("GET, HEAD, OPTIONS");

  const options = await request.fetch("/contactez-nous", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers()["allow"]).toBe("GET, HEAD, POST, OPTIONS");

  // The API keeps its own JSON answer, and names only what it serves.
  const apiPost = await request.post("/api.php?endpoint=get_brands");
  expect(apiPost.status()).toBe(405);
  expect(apiPost.headers()["allow"]).toBe("GET, HEAD");
  expect(await apiPost.json()).toEqual({ error: "Method not allowed: use GET." });
  const apiTrace = await request.fetch("/api.php", { method: "TRACE" });
  expect(apiTrace.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
});
