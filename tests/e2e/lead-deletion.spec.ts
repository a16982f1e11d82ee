import { solveChallenge } from "altcha-lib";
import type { APIRequestContext } from "@playwright/test";
import { E2E_BASE_URL } from "../setup/e2e-paths";
import { expect, readOutbox, test, uniqueEmail } from "./fixtures";

// A lead sent to /trouver-mon-vehicule (as the popup's fetcher does, from the page's origin, the
// captcha solved), its confirmation mail with the deletion link, the deletion page (GET asks, the
// button deletes), and the same link afterwards.

async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get("/captcha/challenge")).json()) as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber ?? 50_000).promise;
  if (!solution) throw new Error("captcha not solved");
  const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

test("a lead's confirmation mail links to a page that deletes it", async ({ page, checkA11y }) => {
  test.slow();
  const email = uniqueEmail("lead-deletion");
  const brands = (await (await page.request.get("/menus/brands.json")).json()) as Array<{ id: number; name: string; models: Array<{ id: number; name: string }> }>;
  const toyota = brands.find((b) => b.name === "Toyota")!;
  const model = toyota.models[0]!;
  const posted = await page.request.post("/trouver-mon-vehicule", {
    headers: { origin: E2E_BASE_URL },
    form: {
      car_condition: "new",
      payment_method: "finance",
      wanted: `${toyota.id}:${model.id}`,
      budget_kind: "price",
      budget: "R 400 000 - R 550 000",
      name: "Zanele Mthembu",
      phone: "072 555 0199",
      email,
      province: "gauteng",
      contact_time: "afternoon",
      consent: "on",
      source_path: "/",
      altcha: await solvedCaptcha(page.request),
    },
  });
  expect(posted.status()).toBeLessThan(400);

  const mail = await readOutbox({ to: email, subjectIncludes: "Your request" });
  expect(mail.text).toContain(`Toyota ${model.name}`);
  const link = mail.links.find((l) => l.includes("/trouver-mon-vehicule/supprimer?token="));
  expect(link).toBeTruthy();
  const path = new URL(link!).pathname + new URL(link!).search;

  const shown = await page.goto(path);
  expect(shown?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Delete your request?" })).toBeVisible();
  await expect(page.getByText(`Toyota ${model.name}`)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await checkA11y(page);
  await page.getByRole("button", { name: "Delete my request" }).click();
  await expect(page.getByRole("heading", { name: "Your request is deleted" })).toBeVisible();
  await checkA11y(page);

  // The same link again: nothing left to delete.
  const again = await page.goto(path);
  expect(again?.status()).toBe(410);
  await expect(page.getByText("This request was already deleted")).toBeVisible();
  // A cut or forged link.
  const forged = await page.goto("/trouver-mon-vehicule/supprimer?token=1.abc");
  expect(forged?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});
