import fs from "node:fs";
import path from "node:path";
import { E2E_BASE_URL, E2E_DATA_DIR } from "../setup/e2e-paths";
import { E2E_DEALERS_FILE, type E2eDealers } from "../setup/e2e-dealers-data";
import { expect, expectStatus, readOutbox, test, uniqueEmail } from "./fixtures";

// A dealer's page (/concessionnaires/{id}-{slug}): a seeded demo Toyota dealer in Gauteng and the
// marketplace dealer with the most ads, found by tests/setup/e2e-dealers.ts (no id written here);
// the 301 of a stale slug and the 404s; writing to the dealer (messages, the mail in the outbox);
// the structured data; the page without scripts.

const dealers = (): E2eDealers => JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, E2E_DEALERS_FILE), "utf8")) as E2eDealers;
const pageOf = (dealer: { id: number; slug: string }) => `/concessionnaires/${dealer.id}-${dealer.slug}`;
const origin = new URL(E2E_BASE_URL).origin;

test.describe("dealer page", () => {
  test("shows a franchise dealer: name, address, hours with open now, brands linking to their pages, new models; passes axe", async ({ page, checkA11y }) => {
    test.slow();
    const { franchise } = dealers();
    await expectStatus(page, pageOf(franchise), 200);
    await expect(page.getByRole("heading", { level: 1, name: franchise.name })).toBeVisible();
    await expect(page.getByTestId("demo-note")).toContainText("Demo data");
    await expect(page.getByTestId("dealer-address")).toContainText("Gauteng");
    const directions = page.getByRole("link", { name: /Directions/ });
    await expect(directions).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    await expect(directions).toHaveAttribute("target", "_blank");
    await expect(page.getByTestId("dealer-phone")).toHaveAttribute("href", /^tel:\+2710555\d{4}$/);

    const hours = page.getByTestId("opening-hours");
    await expect(hours).toContainText("Monday");
    await expect(hours).toContainText("Public holidays");
    // Worked out in the browser: one row is today, and the status says open or closed.
    await expect(hours.locator('tr[aria-current="date"]')).toHaveCount(1);
    await expect(page.getByTestId("opening-status").first()).toHaveText(/^(Open now · closes \d\d:\d\d|Open 24 hours|Closed · opens .+)$/);

    const brandLinks = page.getByTestId("dealer-brands").getByRole("link");
    await expect(brandLinks.filter({ hasText: "Toyota" })).toHaveAttribute("href", /^\/guide-auto\/voitures-neuves\/marque\/toyota\/\d+$/);
    const models = page.getByTestId("dealer-new-models").first().getByRole("link");
    expect(await models.count()).toBeGreaterThan(2);
    await expect(models.first()).toHaveAttribute("href", /^\/guide-auto\/voitures-neuves\/marque\/[a-z-]+\/modele\/\d+-/);
    await expect(models.first()).toContainText("ZAR");
    await checkA11y(page);

    await brandLinks.filter({ hasText: "Toyota" }).click();
    await expect(page).toHaveURL(/\/guide-auto\/voitures-neuves\/marque\/toyota\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Toyota");
  });

  test("has AutoDealer structured data with address, telephone, hours and brand", async ({ page }) => {
    const { franchise } = dealers();
    await page.goto(pageOf(franchise));
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
    const dealer = blocks.find((b) => b["@type"] === "AutoDealer") as Record<string, unknown> & { address: Record<string, string>; brand: { name: string }[] };
    expect(dealer).toBeTruthy();
    expect(dealer).toMatchObject({ name: franchise.name, url: `${origin}${pageOf(franchise)}` });
    expect(dealer.address).toMatchObject({ addressRegion: "Gauteng", addressCountry: "ZA" });
    expect(dealer.telephone).toMatch(/^\+27 10 555 \d{4}$/);
    expect((dealer.openingHoursSpecification as unknown[]).length).toBeGreaterThan(0);
    expect(dealer.brand.map((b) => b.name)).toContain("Toyota");
    const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual(["Home", "Dealers", "Gauteng", franchise.name]);
  });

  test("lists a marketplace dealer's live ads as cards, with more on the next page", async ({ page, checkA11y }) => {
    const { marketplace } = dealers();
    await expectStatus(page, pageOf(marketplace), 200);
    const section = page.locator("#dealer-ads");
    await expect(section.getByRole("heading", { name: `Used cars for sale at ${marketplace.name}` })).toBeVisible();
    await expect(section.getByTestId("dealer-ads-count")).toContainText(`${marketplace.ads} car`);
    await expect(section.locator("article[data-ad-id]")).toHaveCount(Math.min(12, marketplace.ads));
    await checkA11y(page, "#dealer-ads");
    if (marketplace.ads > 12) {
      await section.getByRole("navigation", { name: "Pages of this dealer's cars" }).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(new RegExp(`${pageOf(marketplace)}\\?page=2#dealer-ads$`));
      await expect(section.getByTestId("dealer-ads-count")).toContainText("13–");
    }
  });

  test("a stale or missing slug is 301'd to the canonical address; a non-numeric id is the 404 page", async ({ page, request }) => {
    const { franchise } = dealers();
    for (const stale of [`/concessionnaires/${franchise.id}-old-name`, `/concessionnaires/${franchise.id}`]) {
      const response = await request.get(stale, { maxRedirects: 0 });
      expect(response.status(), stale).toBe(301);
      expect(response.headers()["location"]).toBe(pageOf(franchise));
    }
    await expectStatus(page, "/concessionnaires/concessionnaires", 404);
    await expect(page.getByText("oops! Page introuvable")).toBeVisible();
    await expectStatus(page, "/concessionnaires/99999999-nobody", 404);
  });

  test("writing to the dealer: messages under the fields, then the mail to the dealer with Reply-To the sender", async ({ page, checkA11y }) => {
    test.slow();
    const { franchise } = dealers();
    await page.goto(pageOf(franchise));
    const form = page.getByRole("form", { name: `Write to ${franchise.name}` });
    await form.getByLabel("Your email").fill("not-an-email");
    await form.getByLabel("Message").fill("short");
    await form.getByRole("button", { name: "Send to the dealer" }).click();
    await expect(form.getByText("Please enter your name").first()).toBeVisible();
    await expect(form.getByText("Please enter a valid email address").first()).toBeVisible();
    await expect(form.getByText("Please choose what your message is about").first()).toBeVisible();
    await expect(form.getByText("Your message must be at least 10 characters").first()).toBeVisible();
    await expect(form.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
    await checkA11y(page, "#dealer-contact");

    const email = uniqueEmail("dealer-contact");
    const name = `Thandi Nkosi ${Date.now()}`;
    await form.getByLabel("Your name").fill(name);
    await form.getByLabel("Your email").fill(email);
    await form.getByLabel(/Your phone/).fill("082 123 4567");
    await form.getByLabel("About").selectOption({ label: "A service booking" });
    await form.getByLabel("Message").fill("Sawubona! Can I book a major service for next Tuesday morning? <b>Thanks</b>");
    await expect(form.getByText("Verified")).toBeVisible({ timeout: 15_000 });
    await form.getByRole("button", { name: "Send to the dealer" }).click();
    await expect(page.getByText(`Your message is on its way to ${franchise.name}.`)).toBeVisible({ timeout: 15_000 });

    const mail = await readOutbox({ to: franchise.email, subjectIncludes: name });
    expect(mail.subject).toBe(`Enquiry about a service booking from ${name}`);
    expect(mail.headers["reply-to"]).toContain(email);
    expect(mail.text).toContain("next Tuesday morning");
    expect(mail.html).toContain("&lt;b&gt;Thanks&lt;/b&gt;");
  });

  test("the server answers bad input with a 400 and the messages, and refuses a cross-site post", async ({ request }) => {
    const { franchise } = dealers();
    const bad = await request.post(pageOf(franchise), { headers: { origin }, form: { name: "", email: "nope", topic: "valet", message: "hi" } });
    expect(bad.status()).toBe(400);
    const body = await bad.text();
    expect(body).toContain("Please enter your name");
    expect(body).toContain("Please choose what your message is about");
    const crossSite = await request.post(pageOf(franchise), {
      headers: { origin: "https://evil.example" },
      form: { name: "A", email: "a@example.com", topic: "other", message: "hello there friend" },
    });
    expect([400, 403]).toContain(crossSite.status());
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the week's hours show, and the contact form posts as a plain form: messages (400), then the human check's", async ({ page }) => {
      const { franchise } = dealers();
      await expectStatus(page, pageOf(franchise), 200);
      await expect(page.getByTestId("opening-hours")).toContainText("Monday");
      await expect(page.getByTestId("opening-status")).toHaveCount(0);

      const form = page.getByRole("form", { name: `Write to ${franchise.name}` });
      await form.getByLabel("Your name").fill("Sipho Ndlovu");
      const [first] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), form.getByRole("button", { name: "Send to the dealer" }).click()]);
      expect(first.status()).toBe(400);
      await expect(page.getByText("Please enter your email address").first()).toBeVisible();
      await expect(page.getByText("Please choose what your message is about").first()).toBeVisible();

      const again = page.getByRole("form", { name: `Write to ${franchise.name}` });
      await expect(again.getByLabel("Your name")).toHaveValue("Sipho Ndlovu");
      await again.getByLabel("Your email").fill(uniqueEmail("noscript-dealer"));
      await again.getByLabel("About").selectOption({ label: "A new car" });
      await again.getByLabel("Message").fill("Do you have a Corolla Cross hybrid in stock?");
      const [second] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), again.getByRole("button", { name: "Send to the dealer" }).click()]);
      // The fields are right; the human check needs scripts, and the form keeps what was typed.
      expect(second.status()).toBe(400);
      await expect(page.getByText(/JavaScript|human/).first()).toBeVisible();
      await expect(page.getByRole("form", { name: `Write to ${franchise.name}` }).getByLabel("Message")).toHaveValue("Do you have a Corolla Cross hybrid in stock?");
    });
  });
});
