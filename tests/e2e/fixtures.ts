import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type Response } from "@playwright/test";
import { E2E_OUTBOX_DIR } from "../setup/e2e-paths";
import { parseEml, type ParsedMail } from "../setup/outbox";

export { expect };

// ---------------------------------------------------------------------------------------------
// Accessibility

/** WCAG 2.2 AA, as the brief requires. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/** A CSS selector to limit the scan to, or include/exclude lists and rules to switch off (say why in the test). */
export type A11yContext =
  | string
  | { include?: string | string[]; exclude?: string | string[]; disableRules?: string[] };

type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

function formatViolations(violations: AxeViolation[], url: string): string {
  const lines = [`${violations.length} serious or critical accessibility violation(s) on ${url}:`];
  for (const v of violations) {
    lines.push("", `[${v.impact}] ${v.id}: ${v.help}`, `  ${v.helpUrl}`);
    for (const node of v.nodes.slice(0, 8)) {
      lines.push(`  - ${node.target.join(" ")}`);
      const summary = (node.failureSummary ?? "").split("\n").map((l) => l.trim()).filter(Boolean);
      for (const l of summary) lines.push(`      ${l}`);
      lines.push(`      ${node.html.slice(0, 200)}`);
    }
    if (v.nodes.length > 8) lines.push(`  … and ${v.nodes.length - 8} more element(s)`);
  }
  return lines.join("\n");
}

/**
 * Holds the app's script files until the returned release is called, which then waits for the page
 * to hydrate: a visitor on a slow phone acts on the page before the app runs. Navigate with
 * `waitUntil: "commit"` (the page fixture then does not wait for hydration).
 */
export async function holdAppScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]*\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  };
}

type Fixtures = {
  /** Runs axe on the page as it is now; fails the test on any serious or critical violation. */
  checkA11y: (page: Page, context?: A11yContext) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  // The app's JavaScript loads after the first paint (decision 007). Like a visitor who waits a
  // moment before using a menu, page.goto returns once the page has hydrated (or after 15 s, when
  // the document is not the app's); journeys that must run before hydration use page.evaluate.
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const isHtml = (response?.headers()["content-type"] ?? "").includes("text/html");
      // "commit": the caller wants the page before it runs (holdAppScripts).
      if (javaScriptEnabled !== false && isHtml && options?.waitUntil !== "commit") {
        await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 }).catch(() => {});
      }
      return response;
    };
    await use(page);
  },
  checkA11y: async ({}, use, testInfo) => {
    let run = 0;
    await use(async (page, context) => {
      run += 1;
      let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
      const options = typeof context === "string" ? { include: context } : (context ?? {});
      for (const selector of [options.include ?? []].flat()) builder = builder.include(selector);
      for (const selector of [options.exclude ?? []].flat()) builder = builder.exclude(selector);
      if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);

      const results = await builder.analyze();
      // The full report (minor and moderate issues too) is attached for whoever reads the HTML report or trace.
      await testInfo.attach(`axe-${run}.json`, {
        body: JSON.stringify({ url: results.url, violations: results.violations }, null, 2),
        contentType: "application/json",
      });
      const minor = results.violations.filter((v) => !BLOCKING_IMPACTS.has(v.impact ?? ""));
      if (minor.length) {
        testInfo.annotations.push({
          type: "axe (not blocking)",
          description: minor.map((v) => `${v.impact} ${v.id} (${v.nodes.length})`).join(", "),
        });
      }
      const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ""));
      expect(blocking.length, formatViolations(blocking, results.url)).toBe(0);
    });
  },
});

// ---------------------------------------------------------------------------------------------
// HTTP status

/** Navigates and checks the document's status code; returns the response. */
export async function expectStatus(page: Page, url: string, status: number): Promise<Response> {
  const response = await page.goto(url);
  expect(response, `no response for ${url}`).not.toBeNull();
  expect(response!.status(), `status of ${url}`).toBe(status);
  return response!;
}

// ---------------------------------------------------------------------------------------------
// Outbox: without SMTP_URL the server writes each mail as an .eml file to DATA_DIR/outbox.

export interface OutboxMail extends ParsedMail {
  file: string;
  writtenAt: Date;
}

export interface OutboxQuery {
  /** Recipient address (case-insensitive substring of the To header). Use a unique address per test: workers share the outbox. */
  to: string;
  subjectIncludes?: string;
  /** Only mails written at or after this moment. */
  after?: Date | number;
  /** How long to wait for the mail to appear. */
  timeout?: number;
  /** Another server's outbox (the social sign-in server's); the main e2e server's by default. */
  dir?: string;
}

/** An address no other test uses, so parallel tests never read each other's mails. */
export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${Date.now()}-${crypto.randomBytes(3).toString("hex")}@example.com`;
}

/** Waits for the latest mail matching the query and returns it parsed. */
export async function readOutbox(query: OutboxQuery): Promise<OutboxMail> {
  const deadline = Date.now() + (query.timeout ?? 10_000);
  const after = query.after === undefined ? 0 : Number(query.after);
  for (;;) {
    const dir = query.dir ?? E2E_OUTBOX_DIR;
    const mails = await listOutbox(dir);
    const match = mails
      .filter((m) => m.writtenAt.getTime() >= after)
      .filter((m) => m.to.toLowerCase().includes(query.to.toLowerCase()))
      .filter((m) => !query.subjectIncludes || m.subject.includes(query.subjectIncludes))
      .at(-1);
    if (match) return match;
    if (Date.now() > deadline) {
      const seen = mails.slice(-10).map((m) => `  ${m.writtenAt.toISOString()}  to ${m.to}  "${m.subject}"`);
      throw new Error(
        `No mail to ${query.to}${query.subjectIncludes ? ` with subject containing "${query.subjectIncludes}"` : ""} in ${dir}.\n` +
          (seen.length ? `Latest mails:\n${seen.join("\n")}` : "The outbox is empty."),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every mail in the outbox, oldest first. */
export async function listOutbox(dir = E2E_OUTBOX_DIR): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((n) => n.endsWith(".eml"));
  } catch {
    return [];
  }
  const mails: OutboxMail[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const [stat, raw] = await Promise.all([fs.stat(file), fs.readFile(file, "latin1")]);
      if (!raw.trim()) continue; // still being written
      mails.push({ file, writtenAt: stat.mtime, ...parseEml(raw) });
    } catch {
      // removed or half-written between readdir and read: skip
    }
  }
  return mails.sort((a, b) => a.writtenAt.getTime() - b.writtenAt.getTime());
}

/** How long a journey waits for the page after a form that hashes a password (a loaded two-core machine takes seconds). */
export const ACCOUNT_WRITE_TIMEOUT = 15_000;

/** Registers through /register and opens the activation link: the browser is then signed in. */
export async function registerAndActivate(page: Page, name: string, email: string, password = "Secret123"): Promise<void> {
  const started = Date.now();
  await page.goto("/register");
  await page.getByLabel("Name or Nickname").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create my account" }).click();
  // Hashing the password and writing the account take seconds when both cores are busy.
  await expect(page.getByRole("heading", { name: "Congratulations – You are now a member" })).toBeVisible({ timeout: ACCOUNT_WRITE_TIMEOUT });
  const mail = await readOutbox({ to: email, subjectIncludes: "Activate", after: started });
  const link = mail.links.find((l) => l.includes("/compte/verification?token="));
  expect(link).toBeTruthy();
  await page.goto(link!);
  await signInAfterActivation(page, email, password);
}

/**
 * On the page an activation link opened: the address is verified and filled in, and no one is
 * signed in; the password signs in and leads to the account's welcome.
 */
export async function signInAfterActivation(page: Page, email: string, password = "Secret123"): Promise<void> {
  await expect(page.getByRole("heading", { name: "Your email address is verified" })).toBeVisible({ timeout: ACCOUNT_WRITE_TIMEOUT });
  const form = page.getByRole("form", { name: "Sign in" });
  await expect(form.getByLabel("Email")).toHaveValue(email.trim().toLowerCase());
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign in now" }).click();
  await expect(page).toHaveURL(/\/mon-compte\?notice=verified$/, { timeout: ACCOUNT_WRITE_TIMEOUT });
}
