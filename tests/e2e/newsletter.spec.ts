import { expect, readOutbox, test, uniqueEmail } from "./fixtures";

test.describe("newsletter double opt-in", () => {
  test("subscribe from the top bar, confirm from the mail, unsubscribe from the welcome mail", async ({ page, checkA11y }) => {
    // Two axe scans and a proof-of-work: slower than the default budget on a busy machine.
    test.slow();
    const email = uniqueEmail("news");
    const started = Date.now();
    await page.goto("/a-propos-de-nous");
    await page.getByTestId("top-bar").getByRole("button", { name: "Subscribe", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Subscribe to our newsletter" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("By entering your email you accept our terms of use and")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/politique-de-confidentalite-et-mentions-legales");
    await checkA11y(page);

    // A bad address is refused in place.
    await dialog.getByLabel("Email").fill("not-an-address");
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();

    await dialog.getByLabel("Email").fill(email.toUpperCase());
    await expect(dialog.getByText("Verified")).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog.getByText("Almost done: check your inbox to confirm your subscription.")).toBeVisible();

    const confirmation = await readOutbox({ to: email, subjectIncludes: "Confirm your subscription", after: started });
    const confirmLink = confirmation.links.find((l) => l.includes("/newsletter/confirmer?token="));
    expect(confirmLink).toBeTruthy();

    await page.goto(confirmLink!);
    await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
    await checkA11y(page);

    // The link is single-use.
    const again = await page.goto(confirmLink!);
    expect(again?.status()).toBeGreaterThanOrEqual(400);
    expect(again?.status()).toBeLessThan(500);

    const welcome = await readOutbox({ to: email, subjectIncludes: "Welcome", after: started });
    expect(welcome.headers["list-unsubscribe"]).toContain("/newsletter/desabonnement?token=");
    const unsubscribeLink = welcome.links.find((l) => l.includes("/newsletter/desabonnement?token="));
    await page.goto(unsubscribeLink!);
    // Opening the link changes nothing (mail scanners prefetch links); the button does.
    await page.getByRole("button", { name: /Unsubscribe/ }).click();
    await expect(page.getByRole("heading", { name: "You have been unsubscribed." })).toBeVisible();
  });

  test("subscribing twice with the same address answers the same and sends one link", async ({ page }) => {
    test.slow();
    const email = uniqueEmail("twice");
    const started = Date.now();
    for (let i = 0; i < 2; i++) {
      await page.goto("/");
      await page.getByTestId("top-bar").getByRole("button", { name: "Subscribe", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Subscribe to our newsletter" });
      await dialog.getByLabel("Email").fill(email);
      await expect(dialog.getByText("Verified")).toBeVisible({ timeout: 15_000 });
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await expect(dialog.getByText("Almost done: check your inbox to confirm your subscription.")).toBeVisible();
    }
    await readOutbox({ to: email, subjectIncludes: "Confirm your subscription", after: started });
    // Within two minutes a repeat sends no second link.
    await page.waitForTimeout(500);
    const { listOutbox } = await import("./fixtures");
    const mails = (await listOutbox()).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
  });

  test("a broken confirmation link is a clear 4xx page, never a 500", async ({ page }) => {
    for (const url of ["/newsletter/confirmer", "/newsletter/confirmer?token=abc", `/newsletter/confirmer?token=${"A".repeat(43)}`]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBeGreaterThanOrEqual(400);
      expect(response?.status(), url).toBeLessThan(500);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });
});
