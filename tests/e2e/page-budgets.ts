// What a page may weigh on a phone (issue 45): bytes, which do not depend on the machine, so the
// test suite checks them (page-bytes.spec.ts). Timing budgets (blocking time, LCP, the Lighthouse
// score) depend on the machine and stay in `npm run bench` (bench/budgets.mjs).

/** A kilobyte as the budgets and the bench count it. */
export const KB = 1024;

/** The budgets of issue 45, for every page type. */
export const PAGE_BYTE_BUDGETS = {
  /** JavaScript a page loads before a visitor does anything, gzipped (level 6, as the server and nginx send it). */
  jsGzipKb: 110,
  /** The HTML document, decoded (what the phone parses). */
  htmlKb: 120,
};

/**
 * Page types not yet within those budgets: each may weigh at most what it weighed when the budgets
 * were set, with about 4 kB of room, so it can only get lighter. Lower a ceiling when a page gets
 * lighter; remove it once the page is within the budget. No page that hydrates can load under
 * about 113 kB of JavaScript today: React, React DOM and React Router alone are 107.8 kB
 * (decision 024).
 */
export const PAGE_BYTE_CEILINGS: Record<string, { jsGzipKb?: number; htmlKb?: number }> = {
  home: { jsGzipKb: 137 },
  brand: { jsGzipKb: 138 },
  model: { jsGzipKb: 156 },
  version: { jsGzipKb: 146 },
  "new-car search": { jsGzipKb: 144 },
  "comparator, 4 cars": { jsGzipKb: 144 },
  "news article": { jsGzipKb: 138 },
  guide: { jsGzipKb: 133 },
  "used-car hub": { jsGzipKb: 141 },
  "used-car search": { jsGzipKb: 149 },
  "ad page": { jsGzipKb: 164 },
  "dealer directory, every dealer": { jsGzipKb: 141 },
  "dealer page": { jsGzipKb: 156 },
  "owner reviews hub": { jsGzipKb: 141 },
};

/**
 * The page types the budgets hold for, by their name in PAGE_TYPES (tests/setup/checkers.ts):
 * the heaviest page of each kind a visitor opens (the unfiltered searches and directory, a full
 * comparator).
 */
export const BUDGETED_PAGE_TYPES = [
  "home",
  "brand",
  "model",
  "version",
  "new-car search",
  "comparator, 4 cars",
  "news article",
  "guide",
  "used-car hub",
  "used-car search",
  "ad page",
  "dealer directory, every dealer",
  "dealer page",
  "owner reviews hub",
];
