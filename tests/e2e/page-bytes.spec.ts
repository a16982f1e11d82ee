import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PROJECT_ROOT } from "../setup/e2e-paths";
import { PAGE_TYPES, pathOf } from "../setup/checkers";
import { expect, test } from "./fixtures";
import { BUDGETED_PAGE_TYPES, KB, PAGE_BYTE_BUDGETS, PAGE_BYTE_CEILINGS } from "./page-budgets";

// The byte budgets of issue 45 on the production build, counted as a phone meets them: each page
// type opened in a fresh 390 px browser that nobody touches, every script it fetches until the
// network is quiet (the app's scripts after the first paint, whatever they import at once),
// gzipped as the server sends them, and the document's decoded HTML. What loads only on a
// visitor's action (a dialog, the gallery's full screen, the photo manager) is never fetched here,
// so it does not count. The figures are printed whether or not they fit.

const CLIENT = path.join(PROJECT_ROOT, "build/client");

const gzipped = new Map<string, number>();
/** A built client file's size gzipped at level 6 (the server's compression and nginx's). */
function gzipSize(urlPath: string): number {
  let size = gzipped.get(urlPath);
  if (size === undefined) {
    const file = path.join(CLIENT, urlPath);
    if (!fs.existsSync(file)) throw new Error(`the page fetched ${urlPath}, which the build does not have`);
    size = zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;
    gzipped.set(urlPath, size);
  }
  return size;
}

interface PageFigures {
  name: string;
  path: string;
  scripts: number;
  jsGzip: number;
  html: number;
}

test("every page type loads at most the budgeted JavaScript before a visitor acts, and sends at most the budgeted HTML", async ({ browser, request }) => {
  test.slow();
  const figures: PageFigures[] = [];
  for (const name of BUDGETED_PAGE_TYPES) {
    const type = PAGE_TYPES.find((t) => t.name === name);
    if (!type) throw new Error(`no page type "${name}" in tests/setup/checkers.ts`);
    const pathname = await pathOf(type, request);
    // A fresh context each: nothing cached, as on a first visit.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (req.resourceType() === "script" || url.pathname.endsWith(".js")) scripts.add(url.pathname);
    });
    const response = await page.goto(pathname, { waitUntil: "networkidle" });
    expect(response?.status(), `${name} (${pathname})`).toBe(200);
    await expect(page.locator("html[data-hydrated]"), `${name} hydrates`).toBeAttached();
    const html = (await response!.body()).length;
    await context.close();
    // A page whose scripts were not seen would weigh nothing: it must have fetched the client entry.
    expect([...scripts].some((file) => /\/assets\/entry\.client-[\w-]+\.js$/.test(file)), `${name}: the client entry among its scripts`).toBe(true);
    const own = [...scripts].filter((file) => file.startsWith("/assets/"));
    figures.push({ name, path: pathname, scripts: own.length, jsGzip: own.reduce((sum, file) => sum + gzipSize(file), 0), html });
  }

  const kb = (bytes: number) => (bytes / KB).toFixed(1);
  /** The page type's allowance: its ceiling while it is above the budget, else the budget. */
  const allowed = (name: string) => ({ ...PAGE_BYTE_BUDGETS, ...PAGE_BYTE_CEILINGS[name] });
  const mark = (value: number, limit: number, target: number) => (value <= target * KB ? "✓" : value <= limit * KB ? `≤ ${limit}` : `✗ > ${limit}`);
  const width = Math.max(...figures.map((f) => f.name.length));
  const rows = figures.map((f) => {
    const limit = allowed(f.name);
    const js = `${kb(f.jsGzip).padStart(6)} ${mark(f.jsGzip, limit.jsGzipKb, PAGE_BYTE_BUDGETS.jsGzipKb).padEnd(9)}`;
    const html = `${kb(f.html).padStart(6)} ${mark(f.html, limit.htmlKb, PAGE_BYTE_BUDGETS.htmlKb).padEnd(9)}`;
    return `${f.name.padEnd(width)}  ${js} (${String(f.scripts).padStart(2)} files)  ${html}  ${f.path}`;
  });
  console.log(
    [
      `page bytes (kB of ${KB} bytes; budgets: JS ${PAGE_BYTE_BUDGETS.jsGzipKb} kB gzip before a visitor acts, HTML ${PAGE_BYTE_BUDGETS.htmlKb} kB decoded; "≤ N": above the budget, within the page's ceiling)`,
      `${"page type".padEnd(width)}  JS gzip                      HTML`,
      ...rows,
    ].join("\n"),
  );

  const over = figures.flatMap((f) => {
    const limit = allowed(f.name);
    return [
      ...(f.jsGzip > limit.jsGzipKb * KB ? [`${f.name}: JavaScript ${kb(f.jsGzip)} kB gzip (allowed ${limit.jsGzipKb})`] : []),
      ...(f.html > limit.htmlKb * KB ? [`${f.name}: HTML ${kb(f.html)} kB decoded (allowed ${limit.htmlKb})`] : []),
    ];
  });
  expect(over, `over budget:\n${over.join("\n")}`).toEqual([]);
});
