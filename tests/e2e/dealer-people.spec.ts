import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_DATA_DIR } from "../setup/e2e-paths";
import { E2E_DEALER_PEOPLE_FILE, type E2eDealerPeople } from "../setup/e2e-dealer-people-data";
import { ACCOUNT_WRITE_TIMEOUT, expect, expectStatus, readOutbox, registerAndActivate, test, uniqueEmail } from "./fixtures";

// A dealer's people and details (issue 46): the owner (tests/setup/e2e-dealer-people.ts, owner of
// two demo dealers) invites a staff member, who accepts from the mailed link and sees the
// dashboard without People or Dealer details; the owner chooses which dealer to act for; the owner
// edits the details and the public dealer page shows them.

const fixture = (): E2eDealerPeople => JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, E2E_DEALER_PEOPLE_FILE), "utf8")) as E2eDealerPeople;
const dashboard = (dealerId: number, section = "") => `/mon-compte/concession/${dealerId}${section ? `/${section}` : ""}`;

async function ownerPage(browser: Browser, to: string): Promise<Page> {
  const { owner } = fixture();
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(owner.email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("main").getByRole("button", { name: "Sign in now" }).click();
  await expect(page).toHaveURL(new RegExp(`${to}$`), { timeout: ACCOUNT_WRITE_TIMEOUT });
  return page;
}

test.describe("dealer people and details", () => {
  test("a person in two dealers chooses the one they act for", async ({ browser, checkA11y }) => {
    const { dealers } = fixture();
    const page = await ownerPage(browser, "/mon-compte/concession");
    await expect(page.getByRole("heading", { level: 1, name: "Dealer dashboard" })).toBeVisible();
    await expect(page.getByText("You work for several dealerships. Choose the one you act for.")).toBeVisible();
    for (const dealer of dealers) await expect(page.getByRole("link", { name: new RegExp(dealer.name) })).toBeVisible();
    await checkA11y(page);
    await page.getByRole("link", { name: new RegExp(dealers[1]!.name) }).click();
    await expect(page).toHaveURL(new RegExp(`${dashboard(dealers[1]!.id)}$`));
    await expect(page.getByText("You act as owner.")).toBeVisible();
    const others = page.getByRole("navigation", { name: "Your other dealers" });
    await expect(others.getByRole("link", { name: dealers[0]!.name })).toHaveAttribute("href", dashboard(dealers[0]!.id));
    const sections = page.getByRole("navigation", { name: "Dashboard sections" });
    await expect(sections.getByRole("link", { name: "People" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "Dealer details" })).toBeVisible();
  });

  test("the owner invites a staff member, who accepts from the mail and sees the dashboard as staff", async ({ browser, checkA11y }) => {
    test.slow();
    const dealer = fixture().dealers[0]!;
    const owner = await ownerPage(browser, dashboard(dealer.id, "equipe"));
    await expect(owner.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
    await expect(owner.getByTestId("dealer-member").filter({ hasText: "Thandi Nkosi" })).toContainText("Owner");
    await checkA11y(owner);

    // The form answers a bad address in place.
    const invite = owner.getByRole("form", { name: "Invite someone" });
    await invite.getByLabel("E-mail address").fill("not an address");
    await invite.getByRole("button", { name: "Send the invitation" }).click();
    await expect(invite.getByRole("alert")).toContainText("Enter the e-mail address of the person to invite");

    const email = uniqueEmail("dealer-staff");
    const sentAt = Date.now();
    await invite.getByLabel("E-mail address").fill(email);
    await expect(invite.getByRole("radio", { name: /Staff/ })).toBeChecked();
    await invite.getByRole("button", { name: "Send the invitation" }).click();
    await expect(owner.getByRole("status")).toContainText(`Invitation sent to ${email}.`);
    await expect(owner.getByTestId("dealer-invitation").filter({ hasText: email })).toContainText("Staff");
    await checkA11y(owner);

    const mail = await readOutbox({ to: email, subjectIncludes: "invites you", after: sentAt });
    const link = mail.links.find((l) => l.includes("/mon-compte/concession/invitation?token="));
    expect(link).toBeTruthy();

    // Someone else signed in (the owner, with the forwarded link) is told it is not theirs.
    await owner.goto(link!);
    await expect(owner.getByRole("alert")).toContainText("This invitation was sent to another e-mail address");
    await expect(owner.getByRole("button", { name: "Accept the invitation" })).toHaveCount(0);

    const staff = await (await browser.newContext()).newPage();
    await staff.goto(link!);
    await expect(staff.getByText(`You are invited to act for ${dealer.name} on Voitura as staff.`)).toBeVisible();
    await expect(staff.getByRole("link", { name: "Sign in to accept" })).toBeVisible();
    await checkA11y(staff);
    await registerAndActivate(staff, "Naledi Dlamini", email);
    await staff.goto(link!);
    await checkA11y(staff);
    await staff.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(staff).toHaveURL(new RegExp(`${dashboard(dealer.id)}$`));
    await expect(staff.getByText("You act as staff.")).toBeVisible();
    const sections = staff.getByRole("navigation", { name: "Dashboard sections" });
    await expect(sections.getByRole("link", { name: "Leads" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "People" })).toHaveCount(0);
    await expect(sections.getByRole("link", { name: "Dealer details" })).toHaveCount(0);
    await checkA11y(staff);
    // The owner's pages answer staff with the 403, the link a second time says it was used.
    await expectStatus(staff, dashboard(dealer.id, "equipe"), 403);
    await expect(staff.getByText("Only the dealer's owner can do this.")).toBeVisible();
    await expectStatus(staff, dashboard(dealer.id, "fiche"), 403);
    await expectStatus(staff, link!, 410);
    await expect(staff.getByRole("alert")).toContainText("This invitation was already used");

    await owner.goto(dashboard(dealer.id, "equipe"));
    await expect(owner.getByTestId("dealer-member").filter({ hasText: "Naledi Dlamini" })).toContainText("Staff");
    await expect(owner.getByTestId("dealer-invitation").filter({ hasText: email })).toHaveCount(0);
  });

  test("the owner edits the dealer's details and logo, and the public page shows them", async ({ browser, checkA11y }) => {
    test.slow();
    const dealer = fixture().dealers[1]!;
    const page = await ownerPage(browser, dashboard(dealer.id, "fiche"));
    await expect(page.getByRole("heading", { level: 1, name: "Dealer details" })).toBeVisible();
    await checkA11y(page);

    const form = page.getByRole("form", { name: "What your page shows" });
    await form.getByLabel("Tuesday").fill("9 till 5");
    await form.getByRole("button", { name: "Save the details" }).click();
    await expect(form.getByRole("alert")).toContainText('Tuesday: "9 till 5" is not a time range like 08:00-17:00');
    await checkA11y(page);

    // Long enough to reach below the contact card on a wide screen (about 1,000 characters).
    const description = `Family-run since 1987 (demo data). Ask for <Sizwe> & the workshop team.\nOpen on Saturday mornings.\n${"We sell and service new and used cars, with a workshop, a panel shop and finance on site. ".repeat(10)}`;
    await form.getByLabel("Phone").fill("021 555 0142");
    await form.getByLabel("Description").fill(description);
    await form.getByLabel("Monday").fill("07:30-17:00");
    await form.getByLabel("Tuesday").fill("07:30-17:00");
    await form.getByLabel("Public holidays").fill("closed");
    await form.getByRole("checkbox", { name: "Finance" }).check();
    await form.getByRole("button", { name: "Save the details" }).click();
    await expect(page.getByRole("status")).toContainText("Your details are saved");

    const logo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#0f4c81" } }).png().toBuffer();
    await page.getByLabel("Upload a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await page.getByRole("button", { name: "Upload the logo" }).click();
    await expect(page.getByRole("status")).toContainText("Your logo is saved");
    await expect(page.getByTestId("current-logo")).toBeVisible();
    await checkA11y(page);

    await page.getByRole("link", { name: "See the public page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: dealer.name })).toBeVisible();
    // Written as plain text: the angle brackets are shown, not read as markup.
    await expect(page.getByTestId("dealer-description")).toContainText("Ask for <Sizwe> & the workshop team.");
    await expect(page.getByTestId("dealer-phone")).toHaveAttribute("href", "tel:+27215550142");
    await expect(page.getByTestId("dealer-logo")).toHaveAttribute("src", /\/ads\/[0-9a-f]{32}-320\.webp$/);
    await expect(page.getByTestId("opening-hours")).toContainText("07:30");
    await checkA11y(page);

    // On a wide screen the form to write to the dealer stands right under the contact card, however
    // long the description beside them (a float cannot start above an earlier one: decision 028).
    await page.setViewportSize({ width: 1280, height: 900 });
    const card = await page.getByRole("region", { name: "Visit or call" }).boundingBox();
    const writeBox = await page.getByRole("region", { name: `Write to ${dealer.name}` }).boundingBox();
    const about = await page.getByRole("region", { name: `About ${dealer.name}` }).boundingBox();
    expect(about!.y + about!.height).toBeGreaterThan(card!.y + card!.height + 100);
    expect(writeBox!.x).toBeGreaterThan(about!.x + about!.width);
    expect(writeBox!.y - (card!.y + card!.height)).toBeLessThanOrEqual(40);
  });
});
