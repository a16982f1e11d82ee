// Banner import, the pure half: reading a CSV or JSON file into rows and checking each row and the
// rows against each other. No database here: import.server.ts checks the brands against the
// catalogue and writes. The format is documented in docs/banners-import.md; keep the two in step.
import { southAfricanDayStart } from "~/lib/south-african-time";
import { type FileFormat, formatFromPath, formatIssue, type ImportColumns, type ImportIssue, type RawRecord, readRecords as readFileRecords } from "~/lib/import-file";
import { readBooleanLike, readProvince } from "~/features/dealers/import";
import { type BannerSlot, bannerSlots, bodyTypes } from "../../../db/schema/vocabulary";

export { formatFromPath, formatIssue, type ImportIssue };

const bannerColumns = [
  "slot",
  "title",
  "image_path",
  "image_width",
  "image_height",
  "alt_text",
  "link_url",
  "active",
  "starts_on",
  "ends_on",
  "weight",
  "target_brands",
  "target_body_types",
  "target_provinces",
] as const;
type BannerColumn = (typeof bannerColumns)[number];
const requiredColumns = ["slot", "title", "image_path", "image_width", "image_height", "alt_text", "link_url"] as const satisfies readonly BannerColumn[];

const BANNER_LIMITS = { title: 120, altText: 250, url: 500, imageSide: 4000, weight: 1000, targets: 50 } as const;

/** A checked row; the key is (slot, title): a row with a stored banner's slot and title updates it. */
export interface BannerImportRow {
  row: number;
  slot: BannerSlot;
  title: string;
  imagePath: string;
  imageWidth: number;
  imageHeight: number;
  altText: string;
  linkUrl: string;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  weight: number;
  /** As written (lower case); the database half checks them against the catalogue. */
  targetBrands: string[];
  targetBodyTypes: string[];
  targetProvinces: string[];
}

type Cell<T> = { value: T } | { error: string };
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const asText = (v: unknown): string | undefined => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : undefined);

/** A path of this site ("/comparateur?…", never "//host") or an https address. */
export function readLink(text: string): Cell<string> {
  if (/\s|\\/.test(text)) return { error: `'${text}' must not contain spaces or backslashes` };
  if (text.startsWith("/")) {
    if (text.startsWith("//")) return { error: `'${text}' is not a path of this site (it starts with //)` };
    return { value: text };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `'${text}' must be a path of this site (/…) or an https address` };
  }
  if (url.protocol !== "https:" || !url.hostname.includes(".")) return { error: `'${text}' must be a path of this site (/…) or an https address` };
  return { value: url.toString() };
}

/**
 * The image: a path under the site's public folder ("/banners/spring.webp", which must exist: the
 * caller says which do) or an https address.
 */
export function readImage(text: string, publicFileExists: (path: string) => boolean): Cell<string> {
  const link = readLink(text);
  if ("error" in link) return link;
  if (!link.value.startsWith("/")) return link;
  if (link.value.includes("?") || link.value.includes("#") || link.value.split("/").includes("..")) return { error: `'${text}' must be a plain file path` };
  if (!/\.(svg|webp|png|jpe?g|avif|gif)$/i.test(link.value)) return { error: `'${text}' must be an image (.svg, .webp, .png, .jpg, .avif or .gif)` };
  if (!publicFileExists(link.value)) return { error: `${link.value} is not a file of the site's public folder` };
  return link;
}

/** "a | b" or "a, b" (or a JSON array): trimmed, lower case, empty items dropped, duplicates once. */
function readList(v: unknown): string[] | undefined {
  if (Array.isArray(v)) return [...new Set(v.map((x) => String(x).trim().toLowerCase()).filter(Boolean))];
  const text = asText(v);
  if (text === undefined) return undefined;
  return [...new Set(text.split(/[|,]/).map((x) => x.trim().toLowerCase()).filter(Boolean))];
}

export function validateBannerRow(record: RawRecord, rowNumber: number, publicFileExists: (path: string) => boolean): { row?: BannerImportRow; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const fail = (column: BannerColumn, message: string) => {
    issues.push({ row: rowNumber, column, message });
    return undefined;
  };
  const text = (column: BannerColumn, max: number): string | undefined => {
    const v = record[column];
    if (blank(v)) return fail(column, "is required");
    const t = asText(v);
    if (t === undefined) return fail(column, "must be text");
    if (t.length > max) return fail(column, `must be at most ${max} characters`);
    return t;
  };
  const whole = (column: BannerColumn, min: number, max: number, fallback?: number): number | undefined => {
    const v = record[column];
    if (blank(v)) return fallback ?? fail(column, "is required");
    const t = asText(v);
    if (t === undefined || !/^\d+$/.test(t)) return fail(column, `'${String(v)}' must be a whole number`);
    const n = Number(t);
    if (n < min || n > max) return fail(column, `must be from ${min} to ${max}`);
    return n;
  };
  const day = (column: BannerColumn): Date | null | undefined => {
    const v = record[column];
    if (blank(v)) return null;
    const date = southAfricanDayStart(asText(v) ?? "");
    return date ?? fail(column, `'${String(v)}' must be a date like 2026-03-01`);
  };
  const read = <T>(column: BannerColumn, cell: Cell<T> | undefined): T | undefined => (cell && "error" in cell ? fail(column, cell.error) : cell?.value);

  const slotText = text("slot", 40);
  const slot = slotText === undefined ? undefined : (bannerSlots as readonly string[]).includes(slotText) ? (slotText as BannerSlot) : fail("slot", `unknown slot '${slotText}' (the slots are ${bannerSlots.join(", ")})`);
  const title = text("title", BANNER_LIMITS.title);
  const imageText = text("image_path", BANNER_LIMITS.url);
  const imagePath = read("image_path", imageText === undefined ? undefined : readImage(imageText, publicFileExists));
  const imageWidth = whole("image_width", 1, BANNER_LIMITS.imageSide);
  const imageHeight = whole("image_height", 1, BANNER_LIMITS.imageSide);
  const altText = text("alt_text", BANNER_LIMITS.altText);
  const linkText = text("link_url", BANNER_LIMITS.url);
  const linkUrl = read("link_url", linkText === undefined ? undefined : readLink(linkText));
  let active = true;
  if (!blank(record.active)) {
    const flag = readBooleanLike(record.active);
    if (flag === undefined) fail("active", `'${String(record.active)}' must be 0, 1, true or false`);
    else active = flag;
  }
  const startsAt = day("starts_on");
  const endsOn = day("ends_on");
  // ends_on is the last day shown: the window closes when the next South African day starts.
  const endsAt = endsOn ? new Date(endsOn.getTime() + 24 * 3600_000) : endsOn;
  if (startsAt && endsAt && endsAt <= startsAt) fail("ends_on", "must not be before starts_on");
  const weight = whole("weight", 1, BANNER_LIMITS.weight, 1);

  const list = (column: BannerColumn): string[] => {
    const items = readList(record[column]) ?? [];
    if (items.length > BANNER_LIMITS.targets) fail(column, `at most ${BANNER_LIMITS.targets} values`);
    return items;
  };
  const targetBrands = list("target_brands");
  const targetBodyTypes = list("target_body_types");
  for (const type of targetBodyTypes) if (!(bodyTypes as readonly string[]).includes(type)) fail("target_body_types", `unknown body type '${type}' (the body types are ${bodyTypes.join(", ")})`);
  const targetProvinces: string[] = [];
  for (const written of list("target_provinces")) {
    const province = readProvince(written);
    if ("error" in province) fail("target_provinces", province.error);
    else if (!targetProvinces.includes(province.value)) targetProvinces.push(province.value);
  }

  if (issues.length) return { issues };
  return {
    row: {
      row: rowNumber,
      slot: slot!,
      title: title!,
      imagePath: imagePath!,
      imageWidth: imageWidth!,
      imageHeight: imageHeight!,
      altText: altText!,
      linkUrl: linkUrl!,
      active,
      startsAt: startsAt ?? null,
      endsAt: endsAt ?? null,
      weight: weight!,
      targetBrands,
      targetBodyTypes,
      targetProvinces,
    },
    issues,
  };
}

const bannerFile: ImportColumns = { known: bannerColumns, required: requiredColumns, docs: "docs/banners-import.md", rowNoun: "banner" };
const readRecords = (text: string, format: FileFormat) => readFileRecords(text, format, bannerFile);

/** Every row checked; any problem anywhere and no row is returned (the import is all or nothing). */
export function parseBanners(text: string, format: FileFormat, publicFileExists: (path: string) => boolean): { rows: BannerImportRow[]; issues: ImportIssue[] } {
  const { records, issues } = readRecords(text, format);
  if (issues.length) return { rows: [], issues };
  const rows: BannerImportRow[] = [];
  const all: ImportIssue[] = [];
  const keyRow = new Map<string, number>();
  records.forEach((record, index) => {
    const { row, issues: rowIssues } = validateBannerRow(record, index + 1, publicFileExists);
    all.push(...rowIssues);
    if (!row) return;
    const key = `${row.slot}\n${row.title.toLowerCase()}`;
    const first = keyRow.get(key);
    if (first !== undefined) {
      all.push({ row: row.row, column: "title", message: `the ${row.slot} banner '${row.title}' is already on row ${first} (slot and title name a banner)` });
      return;
    }
    keyRow.set(key, row.row);
    rows.push(row);
  });
  return { rows: all.length ? [] : rows, issues: all };
}
