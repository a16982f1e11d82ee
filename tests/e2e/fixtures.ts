import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type Response } from "@playwright/test";
import { E2E_OUTBOX_DIR } from "../setup/e2e-paths";

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

export interface OutboxMail {
  file: string;
  writtenAt: Date;
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Absolute links found in the HTML part (href) and the text part, in order, without duplicates. */
  links: string[];
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

// A small MIME reader: enough for what nodemailer writes (multipart/alternative or mixed,
// quoted-printable, base64, RFC 2047 headers). The raw message is read as latin1 so each
// character is one byte until a part's charset says how to decode it.

type ParsedMail = Omit<OutboxMail, "file" | "writtenAt">;

export function parseEml(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw.replace(/\r\n/g, "\n"));
  const parts = { text: "", html: "" };
  collectParts(headers, body, parts);
  return {
    headers,
    from: headers["from"] ?? "",
    to: headers["to"] ?? "",
    subject: headers["subject"] ?? "",
    text: parts.text,
    html: parts.html,
    links: extractLinks(parts.html, parts.text),
  };
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const end = entity.indexOf("\n\n");
  const head = end === -1 ? entity : entity.slice(0, end);
  const body = end === -1 ? "" : entity.slice(end + 2);
  const headers: Record<string, string> = {};
  // Unfold continuation lines, then decode each value.
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeHeader(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeHeader(value: string): string {
  const utf8 = Buffer.from(value, "latin1").toString("utf8");
  return utf8
    .replace(/(=\?[^?]+\?[bq]\?[^?]*\?=)\s+(?==\?)/gi, "$1") // whitespace between encoded words is not content
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([bq])\?([^?]*)\?=/gi, (_m, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toLowerCase() === "b"
          ? Buffer.from(text, "base64")
          : decodeQuotedPrintable(text.replace(/_/g, " "));
      return decodeCharset(bytes, charset);
    });
}

function contentType(headers: Record<string, string>): { type: string; params: Record<string, string> } {
  const [type = "text/plain", ...rest] = (headers["content-type"] ?? "text/plain").split(";");
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf("=");
    if (eq === -1) continue;
    params[p.slice(0, eq).trim().toLowerCase()] = p.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
  }
  return { type: type.trim().toLowerCase(), params };
}

function collectParts(headers: Record<string, string>, body: string, out: { text: string; html: string }): void {
  const { type, params } = contentType(headers);
  if (type.startsWith("multipart/") && params.boundary) {
    const delimiter = `--${params.boundary}`;
    const sections = body.split(new RegExp(`^${escapeRegExp(delimiter)}(?:--)?[ \\t]*$`, "m"));
    // sections[0] is the preamble, the last one the epilogue.
    for (const section of sections.slice(1, -1)) {
      const part = splitEntity(section.replace(/^\n/, ""));
      collectParts(part.headers, part.body.replace(/\n$/, ""), out);
    }
    return;
  }
  if (/^\s*attachment/i.test(headers["content-disposition"] ?? "")) return;
  if (type !== "text/plain" && type !== "text/html") return;
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").trim().toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, "latin1");
  const text = decodeCharset(bytes, params.charset ?? "utf-8");
  if (type === "text/plain" && !out.text) out.text = text;
  if (type === "text/html" && !out.html) out.html = text;
}

/** Quoted-printable (RFC 2045) to bytes: soft line breaks removed, =XX turned into the byte. */
export function decodeQuotedPrintable(input: string): Buffer {
  const source = input.replace(/[ \t]+$/gm, "").replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    const hex = c === "=" ? source.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(c.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function extractLinks(html: string, text: string): string[] {
  const links: string[] = [];
  for (const m of html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) links.push(decodeEntities(m[1] ?? m[2] ?? ""));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'\])]+/g)) links.push(m[0].replace(/[.,;:!?]+$/, ""));
  return [...new Set(links.filter((l) => /^https?:\/\//i.test(l)))];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
