// Dealer import, the pure half: reading a CSV or JSON file into rows and checking every row and
// the rows against each other. No database here (import.server.ts resolves brands and writes).
// The format is documented in docs/dealers-import.md; keep the two in step.
import { type FileFormat, formatFromPath, formatIssue, type ImportColumns, type ImportIssue, type RawRecord, readRecords as readFileRecords } from "~/lib/import-file";
import { findCity, findProvince, cities, provinces } from "~/lib/places";
import { editDistance } from "~/features/search/suggestions";
import { type DealerKind, type DealerService, dealerKinds, type OpeningHours } from "../../../db/schema/vocabulary";
import { slugify } from "../../../db/seed/slug";
import { type Cell, DEALER_LIMITS, readDealerServices, readDealerWebsite, readPhone } from "./dealer-rules";
import { parseOpeningHoursText, readOpeningHoursObject } from "./opening-hours-text";

export { formatFromPath, formatIssue, type ImportIssue, type RawRecord };
export { readPhone, readWebsite } from "./dealer-rules";

const dealerColumns = [
  "slug",
  "name",
  "group",
  "kind",
  "brands",
  "sells_new",
  "sells_used",
  "street_address",
  "suburb",
  "city",
  "province",
  "postal_code",
  "phone",
  "email",
  "website",
  "hours",
  "services",
  "on_marketplace",
] as const;
type DealerColumn = (typeof dealerColumns)[number];
const requiredDealerColumns = ["name", "city", "province"] as const satisfies readonly DealerColumn[];


/**
 * A checked row. `undefined` means "not given": an update keeps the stored value, a new dealer
 * takes the default. `null` means "no value" (an empty cell in an optional column).
 */
export interface DealerImportRow {
  row: number;
  slug: string;
  /** False when the slug was made from the name and town. */
  slugGiven: boolean;
  name: string;
  groupName?: string | null;
  kind?: DealerKind;
  /** Brand names or slugs as written; the database half finds the brands. */
  brands?: string[];
  sellsNew?: boolean;
  sellsUsed?: boolean;
  streetAddress?: string;
  suburb?: string;
  city: string;
  province: string;
  postalCode?: string;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  openingHours?: OpeningHours | null;
  services?: DealerService[];
  onMarketplace?: boolean;
}

const dealerFile: ImportColumns = { known: dealerColumns, required: requiredDealerColumns, docs: "docs/dealers-import.md", rowNoun: "dealer" };

/** The file's text as raw records (cells as written); file-level problems come back without a row. */
const readRecords = (text: string, format: FileFormat) => readFileRecords(text, format, dealerFile);

// ---------------------------------------------------------------------------------------------
// Cells

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const asText = (v: unknown): string | undefined => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : undefined);

/** Spec section 5: 0, 1, true, false as a number, a boolean or a string in any case. */
export function readBooleanLike(v: unknown): boolean | undefined {
  if (typeof v === "boolean") return v;
  if (v === 0 || v === 1) return v === 1;
  if (typeof v === "string") {
    const t = v.trim().toLowerCase();
    if (t === "1" || t === "true") return true;
    if (t === "0" || t === "false") return false;
  }
  return undefined;
}

/** Same-looking key for names and slugs: "KwaZulu-Natal", "kwazulu natal" and "kwazulu-natal" agree. */
export const lookupKey = (text: string) => slugify(text);

function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const d = editDistance(word, candidate, 2);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** A province by slug or name; the message names the nearest one for a typo. */
export function readProvince(text: string): Cell<string> {
  const key = lookupKey(text);
  const found = findProvince(key);
  if (found) return { value: found.slug };
  const guess = nearest(key, provinces.map((p) => p.slug));
  return { error: `unknown province '${text}'${guess ? ` (did you mean ${guess}?)` : ""}` };
}

/** A town of places.ts by slug or name, which must lie in the row's province. */
export function readCity(text: string, province: string | undefined): Cell<string> {
  const key = lookupKey(text);
  const found = findCity(key);
  if (!found) {
    const guess = nearest(key, (province ? cities.filter((c) => c.province === province) : cities).map((c) => c.slug));
    return { error: `unknown town '${text}'${guess ? ` (did you mean ${guess}?)` : ""}; the towns are those of the marketplace` };
  }
  if (province && found.province !== province) return { error: `${found.name} is in ${findProvince(found.province)?.name}, not ${findProvince(province)?.name}` };
  return { value: found.slug };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "a | b | c" (or a JSON array): trimmed, empty items dropped, duplicates once. */
function readList(v: unknown): string[] | undefined {
  if (Array.isArray(v)) return [...new Set(v.map((x) => String(x).trim()).filter(Boolean))];
  const text = asText(v);
  if (text === undefined) return undefined;
  return [...new Set(text.split("|").map((x) => x.trim()).filter(Boolean))];
}

// ---------------------------------------------------------------------------------------------
// One row

/** The slug a dealer gets when the file gives none: its name and town, the town once. */
export function defaultDealerSlug(name: string, city: string): string {
  const base = slugify(name);
  return `-${base}-`.includes(`-${city}-`) ? base : [base, city].filter(Boolean).join("-");
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const POSTAL_CODE = /^\d{4}$/;

export function validateDealerRow(record: RawRecord, rowNumber: number): { row?: DealerImportRow; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const fail = (column: DealerColumn, message: string) => {
    issues.push({ row: rowNumber, column, message });
    return undefined;
  };
  const has = (column: DealerColumn) => column in record && record[column] !== undefined;

  /** Required text, or optional text (undefined when the column is absent, "" when empty). */
  const text = (column: DealerColumn, max: number, required = false): string | undefined => {
    const v = record[column];
    if (blank(v)) return required ? fail(column, "is required") : has(column) ? "" : undefined;
    const t = asText(v);
    if (t === undefined) return fail(column, "must be text");
    if (t.length > max) return fail(column, `must be at most ${max} characters`);
    return t;
  };
  const flag = (column: DealerColumn): boolean | undefined => {
    if (blank(record[column])) return undefined;
    const value = readBooleanLike(record[column]);
    return value === undefined ? fail(column, `'${String(record[column])}' must be 0, 1, true or false`) : value;
  };
  const optional = <T>(column: DealerColumn, read: (t: string) => Cell<T>): T | null | undefined => {
    if (!has(column)) return undefined;
    if (blank(record[column])) return null;
    const t = asText(record[column]);
    if (t === undefined) return fail(column, "must be text");
    const cell = read(t);
    return "error" in cell ? fail(column, cell.error) : cell.value;
  };

  const name = text("name", DEALER_LIMITS.name, true);
  const groupText = text("group", DEALER_LIMITS.group);
  const provinceText = text("province", 60, true);
  const province = provinceText === undefined ? undefined : ((c) => ("error" in c ? fail("province", c.error) : c.value))(readProvince(provinceText));
  const cityText = text("city", 80, true);
  const city = cityText === undefined ? undefined : ((c) => ("error" in c ? fail("city", c.error) : c.value))(readCity(cityText, province));

  let slug = text("slug", DEALER_LIMITS.slug);
  const slugGiven = !!slug;
  if (slug && !SLUG.test(slug)) slug = fail("slug", "must be lower-case letters and digits joined by single hyphens");

  let kind: DealerKind | undefined;
  const kindText = text("kind", 40);
  if (kindText) {
    const k = kindText.toLowerCase();
    if ((dealerKinds as readonly string[]).includes(k)) kind = k as DealerKind;
    else fail("kind", `'${kindText}' must be one of ${dealerKinds.join(", ")}`);
  }

  let brands: string[] | undefined;
  if (has("brands")) {
    brands = readList(record.brands) ?? fail("brands", "must be brand names or slugs separated by |");
    if (brands && brands.length > DEALER_LIMITS.brands) fail("brands", `at most ${DEALER_LIMITS.brands} brands`);
  }

  let services: DealerService[] | undefined;
  if (has("services") && !blank(record.services)) {
    const read = readDealerServices(readList(record.services) ?? []);
    if ("error" in read) fail("services", read.error);
    else services = read.value;
  }

  const postalCode = text("postal_code", 10);
  if (postalCode && !POSTAL_CODE.test(postalCode)) fail("postal_code", `'${postalCode}' must be a South African postal code of four digits`);

  let openingHours: OpeningHours | null | undefined;
  if (has("hours")) {
    const v = record.hours;
    const read = blank(v) ? null : typeof v === "string" ? parseOpeningHoursText(v) : readOpeningHoursObject(v);
    if (typeof read === "string") fail("hours", read);
    else openingHours = read;
  }

  const email = optional("email", (t): Cell<string> =>
    t.length <= DEALER_LIMITS.email && EMAIL.test(t) ? { value: t.toLowerCase() } : { error: `'${t}' is not an email address` },
  );
  const website = optional("website", readDealerWebsite);
  const phone = optional("phone", readPhone);

  const sellsNew = flag("sells_new");
  const sellsUsed = flag("sells_used");
  const onMarketplace = flag("on_marketplace");
  const streetAddress = text("street_address", DEALER_LIMITS.streetAddress);
  const suburb = text("suburb", DEALER_LIMITS.suburb);

  if (issues.length || name === undefined || city === undefined || province === undefined) return { issues };
  const finalSlug = slug || defaultDealerSlug(name, city);
  if (!finalSlug) return { issues: [{ row: rowNumber, column: "slug", message: "cannot be made from the name: give one" }] };
  return {
    issues,
    row: {
      row: rowNumber,
      slug: finalSlug,
      slugGiven,
      name,
      groupName: groupText === undefined ? undefined : groupText || null,
      kind,
      brands,
      sellsNew,
      sellsUsed,
      streetAddress,
      suburb,
      city,
      province,
      postalCode,
      phone,
      email,
      website,
      openingHours,
      services,
      onMarketplace,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Rules on a dealer as it will be stored (the row over the stored dealer, or the defaults)

interface DealerShape {
  kind: DealerKind;
  sellsNew: boolean;
  sellsUsed: boolean;
  brandCount: number;
}

/** What a stored dealer must be; each problem names the column to fix. */
export function dealerRuleIssues(dealer: DealerShape): { column: DealerColumn; message: string }[] {
  const out: { column: DealerColumn; message: string }[] = [];
  if (!dealer.sellsNew && !dealer.sellsUsed) out.push({ column: "sells_new", message: "a dealer sells new or used cars: set sells_new or sells_used to 1" });
  if (dealer.kind === "franchise" && dealer.brandCount === 0) out.push({ column: "brands", message: "a franchise dealer needs the brands it holds" });
  else if (dealer.sellsNew && dealer.brandCount === 0) out.push({ column: "brands", message: "a dealer selling new cars needs the brands it sells" });
  return out;
}

/** Reads and checks a whole file: every row, then slugs unique in the file. */
export function parseDealers(text: string, format: FileFormat): { rows: DealerImportRow[]; issues: ImportIssue[] } {
  const { records, issues } = readRecords(text, format);
  if (issues.length) return { rows: [], issues };
  const rows: DealerImportRow[] = [];
  const all: ImportIssue[] = [];
  const slugRow = new Map<string, number>();
  records.forEach((record, index) => {
    const { row, issues: rowIssues } = validateDealerRow(record, index + 1);
    all.push(...rowIssues);
    if (!row) return;
    const first = slugRow.get(row.slug);
    if (first !== undefined) {
      all.push({ row: row.row, column: "slug", message: `${row.slug} is already on row ${first}${row.slugGiven ? "" : " (made from the name and town: give a slug)"}` });
      return;
    }
    slugRow.set(row.slug, row.row);
    rows.push(row);
  });
  return { rows: all.length ? [] : rows, issues: all };
}
