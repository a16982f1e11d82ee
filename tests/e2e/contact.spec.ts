import { E2E_BASE_URL } from "../setup/e2e-paths";
import { expect, readOutbox, test, uniqueEmail } from "./fixtures";

test.describe("contact form", () => {
  test("a valid message is sent: toast, reset form, mail to the site", async ({ page, checkA11y }) => {
    // axe on a full page plus the proof-of-work take a few seconds on a busy two-core machine.
    test.slow();
    const email = uniqueEmail("contact");
    await page.goto("/contactez-nous");
    await checkA11y(page);
    await page.getByLabel("Name").fill("  Thandi Nkosi  ");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/Phone/).fill("082 123 4567");
    await page.getByLabel("Subject").fill("Price of the Corolla Cross <b>hybrid</b>");
    await page.getByLabel("Message").fill("Sawubona! Is the 1.8 XR hybrid price on your site still current? <script>alert(1)</script>");
    await expect(page.getByText("Verified")).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "Send message" }).click();

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Thank you, your message has been sent." });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(page.getByLabel("Name")).toHaveValue("");
    // Toasts close on click.
    await toast.click();
    await expect(toast).toBeHidden();

    const mail = await readOutbox({ to: "voitura", subjectIncludes: "Price of the Corolla Cross" });
    expect(mail.headers["reply-to"]).toContain(email);
    expect(mail.text).toContain("Thandi Nkosi");
    // What the visitor wrote is escaped in the HTML part, never markup.
    expect(mail.html).not.toContain("<script>alert(1)</script>");
    expect(mail.html).toContain("&lt;script&gt;");
  });

  test("invalid input gets clear messages on each field and nothing is sent", async ({ page, checkA11y }) => {
    await page.goto("/contactez-nous");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Message").fill("short");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Please enter your name").first()).toBeVisible();
    await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();
    await expect(page.getByText("Please enter a subject").first()).toBeVisible();
    await expect(page.getByText("Your message must be at least 10 characters").first()).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await checkA11y(page);
  });

  test("the server refuses bad input with a 400 and the same messages (no browser checks)", async ({ request }) => {
    const response = await request.post("/contactez-nous", {
      headers: { origin: new URL(E2E_BASE_URL).origin },
      form: { name: "x".repeat(500), email: "nope", subject: "", message: "\u0000" },
    });
    expect(response.status()).toBe(400);
  });

  test("a cross-site post is refused and nothing is sent", async ({ request }) => {
    const marker = `cross-site-${Date.now()}`;
    const response = await request.post("/contactez-nous", {
      headers: { origin: "https://evil.example" },
      form: { name: "A", email: "a@example.com", subject: marker, message: "hello there friend" },
    });
    // React Router's own check (400) or ours (403), both before the action writes anything.
    expect([400, 403]).toContain(response.status());
    const { listOutbox } = await import("./fixtures");
    expect((await listOutbox()).filter((m) => m.subject.includes(marker))).toHaveLength(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the page says the form needs JavaScript for the human check", async ({ page }) => {
      await page.goto("/contactez-nous");
      await expect(page.getByText(/Please enable JavaScript/).first()).toBeVisible();
    });
  });
});
