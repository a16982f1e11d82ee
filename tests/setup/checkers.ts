import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";

// Two independent checkers the end-to-end tests run over every page type (issue 13, item 8):
// the W3C HTML checker (vnu.jar, Java) over the server-rendered documents, and HTML_CodeSniffer
// at WCAG 2 AA over the hydrated DOM, an accessibility engine other than axe with its own rules.

const require = createRequire(import.meta.url);
/** The jar inside the vnu-jar package; run with the machine's Java (never the package's downloader). */
export const VNU_JAR = require.resolve("vnu-jar/build/dist/vnu.jar");
/** HTML_CodeSniffer's built bundle, evaluated in the page. */
export const HTMLCS_SCRIPT = require.resolve("html_codesniffer/build/HTMLCS.js");

// ---------------------------------------------------------------------------------------------
// Page types

interface Sitemaps {
  catalogue: string[];
  news: string[];
  guides: string[];
  usedCars: string[];
  dealers: string[];
}

/** A type of page; its path is fixed or read from the sitemaps, so no id is hard-coded (the seeded catalogue and content decide them). */
export interface PageType {
  name: string;
  path: string | ((sitemaps: Sitemaps) => string);
  status?: number;
}

const CATALOGUE = "/guide-auto/voitures-neuves/marque/";
const FINANCE_TAXONOMY = "/guide-pratique/financer-mon-vehicule";
const VERSION = new RegExp(`^${CATALOGUE}[^/]+/modele/([^/]+)/(\\d+)-[^/]+$`);

function first(paths: string[], pattern: RegExp, what: string): string {
  const found = paths.find((p) => pattern.test(p));
  if (!found) throw new Error(`no ${what} in the sitemap`);
  return found;
}

/** Versions of four different models, for a full comparator. */
function fourVersions(catalogue: string[]): string {
  const ids: string[] = [];
  const models = new Set<string>();
  for (const p of catalogue) {
    const m = VERSION.exec(p);
    if (!m || models.has(m[1]!)) continue;
    models.add(m[1]!);
    ids.push(m[2]!);
    if (ids.length === 4) return ids.join(",");
  }
  throw new Error("fewer than four models with versions in the sitemap");
}

/** One page of each type the site has (the account page, behind a sign-in, is in the spec). */
export const PAGE_TYPES: PageType[] = [
  { name: "home", path: "/" },
  { name: "car guide hub", path: "/guide-auto" },
  { name: "car guide list: new cars", path: "/guide-auto/voitures-neuves" },
  { name: "car guide list: electric", path: "/guide-auto/voitures-electriques" },
  { name: "car guide list: promotions", path: "/guide-auto/promos-du-moment" },
  { name: "car guide list: premium", path: "/guide-auto/voitures-haut-de-gamme" },
  { name: "car guide list: new arrivals", path: "/guide-auto/nouveautes-au-marche" },
  { name: "brand", path: (s) => first(s.catalogue, new RegExp(`^${CATALOGUE}[^/]+/\\d+$`), "brand page") },
  // A model whose versions differ in fuel and transmission, so its page has the versions filter.
  { name: "model", path: (s) => first(s.catalogue, new RegExp(`^${CATALOGUE}toyota/modele/\\d+-hilux-single-cab$`), "Toyota Hilux Single Cab page") },
  { name: "version", path: (s) => first(s.catalogue, VERSION, "version page") },
  { name: "new-car search", path: "/voitures-neuves/recherche" },
  { name: "new-car search with a query", path: "/voitures-neuves/recherche?q=toyota" },
  { name: "comparator, empty", path: "/comparateur" },
  { name: "comparator, 4 cars", path: (s) => `/comparateur?versions=${fourVersions(s.catalogue)}` },
  { name: "news hub", path: "/actualite-auto" },
  { name: "news list", path: "/actualite-auto/toute-l-actualite" },
  { name: "news category", path: (s) => first(s.news, /^\/actualite-auto\/\d+-[^/]+$/, "news category") },
  { name: "news article", path: (s) => first(s.news, /^\/actualite-auto\/[^/]+\/\d+-[^/]+$/, "news article") },
  { name: "guide taxonomy", path: (s) => first(s.guides, /^\/guide-pratique\/[^/]+$/, "guide taxonomy") },
  { name: "guide", path: (s) => first(s.guides, /^\/guide-pratique\/[^/]+\/[^/]+$/, "guide") },
  { name: "finance taxonomy (calculator)", path: FINANCE_TAXONOMY },
  { name: "finance guide", path: (s) => first(s.guides, new RegExp(`^${FINANCE_TAXONOMY}/[^/]+$`), "finance guide") },
  { name: "used-car hub", path: "/marche-doccasion" },
  // Unfiltered: a full page of results and every facet, the heaviest search a visitor opens.
  { name: "used-car search", path: "/marche-doccasion/rechercher" },
  { name: "ad page", path: (s) => first(s.usedCars, /^\/marche-doccasion\/annonce\/\d+-[^/]+$/, "used-car ad") },
  { name: "dealer directory", path: "/concessionnaires?brand=toyota&province=gauteng" },
  { name: "dealer directory, every dealer", path: "/concessionnaires" },
  { name: "dealer page", path: (s) => first(s.dealers, /^\/concessionnaires\/\d+-[^/]+$/, "dealer page") },
  { name: "car guide: dealer directory entry", path: "/guide-auto/liste-des-concessionnaires" },
  { name: "contact", path: "/contactez-nous" },
  { name: "about", path: "/a-propos-de-nous" },
  { name: "privacy", path: "/politique-de-confidentalite-et-mentions-legales" },
  { name: "login", path: "/login" },
  { name: "register", path: "/register" },
  { name: "sell your car, to a visitor", path: "/poster-une-annonce" },
  { name: "owner reviews hub", path: "/guide-auto/avis-des-automobilistes" },
  { name: "write a review, to a visitor", path: "/guide-auto/avis-des-automobilistes/ecrire/1" },
  { name: "forgotten password", path: "/mot-de-passe-oublie" },
  { name: "404 page", path: "/no-such-page", status: 404 },
];

/** What reads the sitemaps: Playwright's request context (or anything answering like it). */
export interface SitemapReader {
  get(path: string): Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>;
}

async function sitemapPaths(request: SitemapReader, file: string): Promise<string[]> {
  const response = await request.get(`/sitemaps/${file}`);
  if (!response.ok()) throw new Error(`/sitemaps/${file} answered ${response.status()}`);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replace(/&amp;/g, "&"));
    return url.pathname + url.search;
  });
}

let sitemaps: Promise<Sitemaps> | undefined;

/** The page type's path (the sitemaps are read once per worker). */
export async function pathOf(type: PageType, request: SitemapReader): Promise<string> {
  if (typeof type.path === "string") return type.path;
  sitemaps ??= Promise.all(["catalogue-1.xml", "news-1.xml", "guides.xml", "used-cars-1.xml", "dealers-1.xml"].map((file) => sitemapPaths(request, file))).then(
    ([catalogue, news, guides, usedCars, dealers]) => ({ catalogue: catalogue!, news: news!, guides: guides!, usedCars: usedCars!, dealers: dealers! }),
  );
  return type.path(await sitemaps);
}

// ---------------------------------------------------------------------------------------------
// The W3C HTML checker

export interface HtmlDocument {
  name: string;
  path: string;
  html: string;
}

export interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * Messages the checker gets wrong, each with the reason. Keep this list short and precise.
 * - pathLength: the checker validates inline SVG against the SVG 1.1 schema, where pathLength
 *   exists on <path> only; SVG 2 (what browsers implement) allows it on every basic shape
 *   (circle, line, rect…), as on the car illustrations' wheels (app/ui/car-illustration.tsx).
 */
const VNU_FALSE_POSITIVES: RegExp[] = [/^Attribute “pathLength” not allowed on element “[a-z]+” at this point\.$/];

export function isVnuFalsePositive(message: VnuMessage): boolean {
  return VNU_FALSE_POSITIVES.some((pattern) => pattern.test(message.message));
}

/**
 * Runs vnu.jar once over every document (one Java start for the whole batch) and returns its
 * errors by document, false positives left out. Warnings (advice, not conformance) are dropped.
 */
export async function checkHtml(documents: HtmlDocument[]): Promise<Map<HtmlDocument, VnuMessage[]>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "voitura-vnu-"));
  try {
    const files = new Map<string, HtmlDocument>();
    for (const [index, doc] of documents.entries()) {
      const file = path.join(dir, `${String(index).padStart(2, "0")}.html`);
      await fs.writeFile(file, doc.html);
      files.set(file, doc);
    }
    const output = await runJava(["-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always", ...files.keys()]);
    const report = JSON.parse(output) as { messages: (VnuMessage & { url?: string })[] };
    const byDocument = new Map<HtmlDocument, VnuMessage[]>(documents.map((doc) => [doc, []]));
    for (const message of report.messages) {
      if (message.type === "info") continue; // warnings and notes
      if (isVnuFalsePositive(message)) continue;
      const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : "";
      const doc = files.get(file);
      if (!doc) throw new Error(`the HTML checker failed: ${message.message}`);
      byDocument.get(doc)!.push(message);
    }
    return byDocument;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function runJava(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("java", args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", (err) =>
      reject(new Error(`cannot run java (${err.message}): the HTML checker needs Java 11 or later; npm test installs default-jre-headless when run as root`)),
    );
    child.on("exit", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`vnu.jar exited with ${code}:\n${stderr}`))));
  });
}

export function formatVnu(results: Map<HtmlDocument, VnuMessage[]>): string {
  const lines: string[] = [];
  for (const [doc, messages] of results) {
    if (!messages.length) continue;
    lines.push(`${doc.name} (${doc.path}): ${messages.length} error(s)`);
    for (const m of messages.slice(0, 10)) {
      lines.push(`  - line ${m.lastLine ?? "?"}: ${m.message}`);
      if (m.extract) lines.push(`      ${m.extract.replace(/\s+/g, " ").trim().slice(0, 160)}`);
    }
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// HTML_CodeSniffer

export interface HtmlcsError {
  code: string;
  message: string;
  html: string;
}

let htmlcsSource: Promise<string> | undefined;

/**
 * Runs HTML_CodeSniffer's WCAG2AA standard on the page as it is now (as served, with the app's
 * scripts held, or once it has hydrated; both on the same page) and returns its errors. Its
 * warnings and notices ask a person to check something by hand ("check that…"), so they are not
 * failures.
 */
export async function runHtmlcs(page: Page): Promise<HtmlcsError[]> {
  htmlcsSource ??= fs.readFile(HTMLCS_SCRIPT, "utf8");
  const source = await htmlcsSource;
  // Evaluated through the DevTools protocol, which the page's CSP does not apply to, so the CSP
  // stays on while the checker runs. A second run on the page reuses the first one's checker.
  if (!(await page.evaluate(() => "HTMLCS" in window))) await page.evaluate(source);
  return page.evaluate(
    () =>
      new Promise<HtmlcsError[]>((resolve, reject) => {
        type Message = { type: number; code: string; msg: string; element: Element | Document };
        type Htmlcs = {
          ERROR: number;
          getTranslation: (key: string) => string | undefined;
          process: (standard: string, root: Document, done: () => void, failed: () => void, lang: string) => void;
          getMessages: () => Message[];
        };
        const htmlcs = (window as unknown as { HTMLCS?: Htmlcs }).HTMLCS;
        if (!htmlcs) return reject(new Error("HTML_CodeSniffer did not load"));
        // 2.5.1 asks for "1_3_5_H98.InvalidAutoComplete_Text" where its English table has
        // "…InvalidAutocomplete_Text": the missing text made the run throw instead of reporting
        // an autocomplete token on the wrong control. A missing text falls back to its key.
        const patched = htmlcs as Htmlcs & { translationPatched?: boolean };
        if (!patched.translationPatched) {
          const translate = htmlcs.getTranslation.bind(htmlcs);
          htmlcs.getTranslation = (key) =>
            translate(key) ?? translate(key.replace("InvalidAutoComplete_", "InvalidAutocomplete_")) ?? key;
          patched.translationPatched = true;
        }
        htmlcs.process(
          "WCAG2AA",
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((m) => m.type === htmlcs.ERROR)
                .map((m) => ({
                  code: m.code,
                  message: m.msg,
                  html: m.element instanceof Element ? m.element.outerHTML.replace(/\s+/g, " ").slice(0, 200) : "(document)",
                })),
            ),
          () => reject(new Error("HTML_CodeSniffer failed")),
          "en",
        );
      }),
  );
}

export function formatHtmlcs(errors: HtmlcsError[], where: string): string {
  const lines = [`${errors.length} WCAG 2 AA error(s) from HTML_CodeSniffer on ${where}:`];
  for (const e of errors.slice(0, 20)) lines.push(`  - ${e.code}`, `      ${e.message}`, `      ${e.html}`);
  if (errors.length > 20) lines.push(`  … and ${errors.length - 20} more`);
  return lines.join("\n");
}
