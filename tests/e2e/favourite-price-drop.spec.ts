import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Browser, type Page, request as playwrightRequest } from "@playwright/test";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, PROJECT_ROOT } from "../setup/e2e-paths";
import { expect, readOutbox, registerAndActivate, test, uniqueEmail } from "./fixtures";
import { E2E_DROP_SELLER } from "../setup/e2e-price-drops-data";
import { adIdOf, carTitle, continueTo, field, fillCarToDescription, fillContactAndPreview, jpegs, type SellerCar, stepUrl } from "./selling-steps";

// A price drop on a favourite, end to end: a seller (tests/setup/e2e-price-drops.ts) posts a Suzuki Jimny, a buyer saves it (the ad
// page says it was listed today, price unchanged), the seller lowers the price by R 10 000 from
// the edit form; the ad page shows the change in its price history, the search sorted by "Price
// dropped recently" puts it first among the Suzukis, the favourites page says "Price dropped
// R 10 000 on …", and the daily price-drop job (npm run jobs:run, which asks this running server)
// mails the buyer once with RFC 8058 headers; its link switches the mails off, the favourites
// page's switch on again, and the mail provider's one-click POST off again.
//
// Suzukis: no other journey posts one, and the demo ads' drops are all older than the run.

const JIMNY: SellerCar = {
  make: "Suzuki",
  model: "Jimny",
  variant: "1.5 GLX",
  year: 2021,
  mileageKm: 35_000,
  priceZar: 349_900,
  province: "Gauteng",
  town: "Johannesburg",
};
const TITLE = carTitle(JIMNY);
const SORTED = "/marche-doccasion/rechercher?make1=suzuki&sort=price-drop";
const run = promisify(execFile);

async function runDropsJob(): Promise<string> {
  const { stdout } = await run("npm", ["run", "--silent", "jobs:run", "--", "favourite-price-drops"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT), DATABASE_URL: "" },
  });
  return stdout;
}

/** A seller posts the car through the posting form (scripts on, one photo); gives the seller's page, on the ad. */
async function postAd(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  // signInToSell's steps, with more time for the password check on a machine shared by journeys.
  await page.goto("/login?redirectTo=%2Fposter-une-annonce");
  await field(page, "Email").fill(E2E_DROP_SELLER.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_DROP_SELLER.password);
  await page.getByRole("button", { name: "Sign in now" }).click();
  // An earlier run's unfinished draft continues at its first open step: start again from the car.
  await expect(page).toHaveURL(/\/poster-une-annonce\/\d+\/[a-z]+$/, { timeout: 45_000 });
  if (!stepUrl("car").test(page.url())) await page.goto(page.url().replace(/\/[a-z]+$/, "/car"));
  await expect(page).toHaveURL(stepUrl("car"));
  await fillCarToDescription(page, `Drop${Date.now().toString(36)}`, undefined, JIMNY);
  await field(page, "Add photos").setInputFiles(await jpegs(1));
  await expect(page.getByText("1 of 20 photos", { exact: true })).toBeVisible({ timeout: 20_000 });
  await fillContactAndPreview(page, undefined, JIMNY);
  await page.getByRole("button", { name: "Publish my ad" }).click();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible({ timeout: 15_000 });
  return page;
}

/** Opens a page of our own context and waits for the app, as the fixture's page does. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  return response;
}

/** "2 December": today in South Africa, as the favourites page and the mail write a date this year. */
function todayInSouthAfrica(): string {
  const day = new Date(Date.now() + 2 * 3_600_000);
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${day.getUTCDate()} ${months[day.getUTCMonth()]}`;
}

test("a favourite's price drop: the ad's history, the search sorted by drops, the favourites page, one mail, unsubscribed", async ({ browser, checkA11y }) => {
  // A long journey: a sign-up, two sign-ins, a posting and an edit through the form, two job runs, five axe scans.
  test.setTimeout(480_000);
  const seller = await postAd(browser);
  const adId = adIdOf(seller);
  const adPath = new URL(seller.url()).pathname;

  // The buyer saves it; the page says it was listed today at an unchanged price.
  const buyerEmail = uniqueEmail("price-drop");
  const buyer = await (await browser.newContext()).newPage();
  await registerAndActivate(buyer, "Lerato", buyerEmail);
  await open(buyer, adPath);
  await expect(buyer.getByTestId("listed-ago")).toHaveText("Listed today · price unchanged");
  // The ad's own heart (an earlier run's Jimny may be among the similar cars).
  const adCard = buyer.getByRole("region", { name: TITLE, exact: true });
  await adCard.getByRole("button", { name: `Save ${TITLE} to favourites` }).click();
  await expect(adCard.getByRole("button", { name: `Remove ${TITLE} from favourites` })).toHaveAttribute("aria-pressed", "true");

  // The seller lowers the price by R 10 000 from the edit form.
  await seller.goto(`/poster-une-annonce/modifier/${adId}`);
  await seller.getByRole("link", { name: /^3\. Price/ }).click();
  await field(seller, "Price (rand)").fill("339 900");
  await continueTo(seller, "place");
  await seller.getByRole("link", { name: /^8\. Preview/ }).click();
  await seller.getByRole("button", { name: "Save changes" }).click();
  await expect(seller.getByRole("status").filter({ hasText: "Your changes are saved." })).toBeVisible();
  await seller.context().close();

  // The ad page's price history: the drop, then the listing price.
  await open(buyer, adPath);
  const history = buyer.getByRole("region", { name: "Price history" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText("Reduced by R 10 000 to R 339 900");
  await expect(history.getByRole("listitem").last()).toContainText("Listed at R 349 900");
  await expect(buyer.getByTestId("listed-ago")).toHaveText("Listed today");
  await checkA11y(buyer);

  // The search sorted by "Price dropped recently": the Jimny first among the Suzukis.
  await open(buyer, "/marche-doccasion/rechercher?make1=suzuki");
  await buyer.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price dropped recently" });
  await expect(buyer).toHaveURL(SORTED);
  await expect(buyer.getByRole("combobox", { name: "Sort by" })).toHaveValue("price-drop");
  await expect(buyer.getByRole("article").first()).toContainText(TITLE);
  await checkA11y(buyer);

  // The favourites page: the drop, and the mails' switch on.
  await open(buyer, "/mon-compte/favoris");
  await expect(buyer.getByTestId("favourite-drop")).toHaveText(`Price dropped R 10 000 on ${todayInSouthAfrica()}`);
  const mailsSwitch = buyer.getByRole("switch", { name: "Mail me when a favourite's price drops" });
  await expect(mailsSwitch).toHaveAttribute("aria-checked", "true");
  await checkA11y(buyer);

  // The daily job, run by hand against this server: one mail, with the one-click headers.
  const started = Date.now();
  expect(await runDropsJob()).toMatch(/favourite-price-drops \(run by the server\): \{"users":\d+,"mails":[1-9]/);
  const mail = await readOutbox({ to: buyerEmail, subjectIncludes: "Price drop", after: started - 1000 });
  expect(mail.subject).toBe("Price drop on a car you saved");
  expect(mail.text).toContain(TITLE);
  expect(mail.text).toContain("Now R 339 900, R 10 000 less (was R 349 900)");
  const unsubscribe = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1];
  expect(unsubscribe).toMatch(new RegExp(`^${E2E_BASE_URL}/alertes/baisses-de-prix/desabonnement\\?token=[\\w-]+\\.[\\w-]{32}$`));
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.links).toContain(unsubscribe);
  // A second run mails nothing more to this buyer.
  const again = Date.now();
  await runDropsJob();
  await expect(readOutbox({ to: buyerEmail, after: again, timeout: 0 })).rejects.toThrow(/No mail/);

  // The mail's link: a page that asks, then stops the mails.
  await open(buyer, unsubscribe!);
  await expect(buyer.getByRole("heading", { level: 1, name: "Stop the price-drop mails?" })).toBeVisible();
  await checkA11y(buyer);
  await buyer.getByRole("button", { name: "Stop these mails" }).click();
  await expect(buyer.getByText("You will no longer receive mails when the price of a car in your favourites drops.")).toBeVisible();
  await buyer.getByRole("link", { name: "your favourites" }).click();
  await expect(mailsSwitch).toHaveAttribute("aria-checked", "false");

  // Back on with the switch, then the mail provider's one-click POST: no cookie, no Origin.
  await mailsSwitch.click();
  await expect(mailsSwitch).toHaveAttribute("aria-checked", "true");
  await buyer.reload();
  await buyer.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  await expect(mailsSwitch).toHaveAttribute("aria-checked", "true");
  const provider = await playwrightRequest.newContext();
  expect((await provider.post(unsubscribe!, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(200);
  await provider.dispose();
  await buyer.reload();
  await expect(mailsSwitch).toHaveAttribute("aria-checked", "false");

  // A damaged token is a 400 page with a message.
  const bad = await buyer.goto(`${unsubscribe!.slice(0, -4)}AAAA`);
  expect(bad?.status()).toBe(400);
  await expect(buyer.getByRole("alert")).toContainText("This unsubscribe link is not valid");
  await buyer.context().close();
});
