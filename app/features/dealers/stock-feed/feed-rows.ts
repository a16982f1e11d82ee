// A dealer's stock feed, the pure half: the file read into cars, each row checked by the posting
// wizard's own step schemas (ad-form-schema.ts), problems tied to a line and a column. No database
// here: the catalogue's models come in as a map (feed-import.server.ts looks them up first). The
// format is documented in docs/dealer-feed.md; keep the two in step.
import { type FileFormat, type ImportColumns, type RawRecord, readRecords } from "~/lib/import-file";
import { adFormSteps, type AdStepInput } from "~/features/marketplace/selling/ad-form-schema";
import { type CatalogueModel, carPrefill, fillCarBlanks, fillConditionBlanks } from "~/features/marketplace/selling/ad-car-prefill";
import { type AdFieldStep, PHOTO_REQUIRED_MESSAGE, type StepValues } from "~/features/marketplace/selling/ad-draft-steps";
import { PHOTO_RULES } from "~/features/marketplace/selling/photo-rules";
import { adColours } from "~/features/marketplace/vocabulary";
import { STOCK_NUMBER_MESSAGE, STOCK_NUMBER_PATTERN } from "~/features/marketplace/ad-form-rules";
import { adDrives, bodyTypes, fuelTypes, serviceHistories, transmissions } from "../../../../db/schema/vocabulary";
import { readBooleanLike, readCity, readProvince } from "../import";
import type { FeedColumn, FeedFileIssue, FeedIssue } from "./feed-issues";

export { type FeedColumn, type FeedFileIssue, type FeedIssue, formatFeedIssue } from "./feed-issues";

export const feedColumns: readonly FeedColumn[] = [
  "stock_number",
  "make",
  "model",
  "variant",
  "year",
  "body_type",
  "fuel",
  "transmission",
  "drive",
  "mileage_km",
  "service_history",
  "previous_owners",
  "colour",
  "engine_cc",
  "doors",
  "seats",
  "equipment",
  "price_zar",
  "negotiable",
  "province",
  "city",
  "description",
  "phone",
  "show_phone",
  "photos",
];

const requiredColumns = [
  "stock_number",
  "make",
  "model",
  "year",
  "mileage_km",
  "service_history",
  "colour",
  "price_zar",
  "province",
  "city",
  "description",
] as const satisfies readonly FeedColumn[];

const feedFile: ImportColumns = { known: feedColumns, required: requiredColumns, docs: "docs/dealer-feed.md", rowNoun: "car" };

/** A feed holds at most this many cars (a dealer's limit is 500 by default; the largest groups list a few thousand). */
export const FEED_MAX_ROWS = 5_000;
/** Photo names and list items are separated by a vertical bar in a CSV cell. */
const LIST_SEPARATOR = "|";

type AdValues = { [S in AdFieldStep]: AdStepInput<S> };

/** A row that passed every check: the wizard's checked values, and its photos' file names. */
export interface FeedCar {
  line: number;
  stockNumber: string;
  values: AdValues;
  /** The photos' file names in order (the first is the cover); undefined when the cell is blank. */
  photos?: string[];
}

export interface ReadFeed {
  format: FileFormat;
  records: RawRecord[];
  /** Each record's line (CSV) or place (JSON, from 1). */
  lines: number[];
  issues: FeedFileIssue[];
}

/** The file's text as raw records with their lines; a file-level problem comes back alone. */
export function readFeed(text: string, format: FileFormat): ReadFeed {
  const { records, issues, lines } = readRecords(text, format, feedFile);
  if (issues.length) return { format, records: [], lines: [], issues: issues.map((i) => ({ message: i.row ? `${format === "json" ? "car" : "row"} ${i.row}: ${i.message}` : i.message })) };
  if (records.length > FEED_MAX_ROWS) return { format, records: [], lines: [], issues: [{ message: `a feed holds at most ${FEED_MAX_ROWS} cars; this one has ${records.length}` }] };
  return { format, records, lines: lines ?? records.map((_, i) => i + 1), issues: [] };
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const cellText = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" || typeof v === "boolean" ? String(v) : "");
/** "Plug-in hybrid", "Station wagon", "4X4" as the vocabulary writes them. */
const vocabularyWord = (v: unknown) => cellText(v).toLowerCase().replace(/[\s_]+/g, "-");

/** A list cell: a JSON array, or text split on "|". */
function cellList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(cellText).filter((s) => s !== "");
  return cellText(v)
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** The make and model each record names, for the catalogue lookup ("make\u0000model"). */
export function catalogueKey(make: string, model: string): string {
  return `${make.trim().toLowerCase().replace(/\s+/g, " ")}\u0000${model.trim().toLowerCase().replace(/\s+/g, " ")}`;
}

export function recordCatalogueKeys(records: readonly RawRecord[]): { make: string; model: string }[] {
  const seen = new Map<string, { make: string; model: string }>();
  for (const r of records) {
    const make = cellText(r.make);
    const model = cellText(r.model);
    if (make && model) seen.set(catalogueKey(make, model), { make, model });
  }
  return [...seen.values()];
}

// The wizard's field names and the feed's columns.
const columnOfField: Record<string, FeedColumn> = {
  make: "make",
  model: "model",
  variant: "variant",
  year: "year",
  bodyType: "body_type",
  fuel: "fuel",
  transmission: "transmission",
  drive: "drive",
  mileageKm: "mileage_km",
  serviceHistory: "service_history",
  previousOwners: "previous_owners",
  colour: "colour",
  engineCc: "engine_cc",
  doors: "doors",
  seats: "seats",
  equipment: "equipment",
  priceZar: "price_zar",
  negotiable: "negotiable",
  province: "province",
  city: "city",
  description: "description",
  showPhone: "show_phone",
  phone: "phone",
};

const choices: Partial<Record<FeedColumn, readonly string[]>> = {
  body_type: bodyTypes,
  fuel: fuelTypes,
  transmission: transmissions,
  drive: adDrives,
  service_history: serviceHistories,
  colour: adColours.map((c) => c.slug),
};

/** A yes/no cell as the wizard's checkbox ("yes" or nothing); undefined for anything else. */
function checkboxValue(v: unknown): "yes" | "" | undefined {
  const t = cellText(v).toLowerCase();
  if (t === "yes" || t === "y") return "yes";
  if (t === "no" || t === "n") return "";
  const b = readBooleanLike(v);
  return b === undefined ? undefined : b ? "yes" : "";
}

/**
 * Checks one record: the wizard's step schemas give the values (and their messages); the catalogue
 * fills a blank body type, fuel, gearbox, drive, engine, doors and seats as it does in the wizard.
 */
export function validateFeedRecord(
  record: RawRecord,
  line: number,
  catalogue: ReadonlyMap<string, CatalogueModel>,
): { car?: FeedCar; stockNumber?: string; issues: FeedIssue[] } {
  const issues: FeedIssue[] = [];
  const issue = (column: FeedColumn, message: string) => issues.push({ line, column, message });

  const stockNumber = cellText(record.stock_number);
  if (!stockNumber) issue("stock_number", "Please give the dealer's stock number of the car");
  else if (!STOCK_NUMBER_PATTERN.test(stockNumber)) issue("stock_number", STOCK_NUMBER_MESSAGE);

  // Vocabulary cells are written as the vocabulary spells them; colours by slug or name.
  const word = (column: FeedColumn) => {
    const value = vocabularyWord(record[column]);
    const list = choices[column];
    if (column === "colour") return adColours.find((c) => c.slug === value || c.name.toLowerCase() === value)?.slug ?? value;
    return list && value !== "" && !list.includes(value) ? `?${value}` : value;
  };
  const text = (column: FeedColumn) => cellText(record[column]);

  let province = text("province");
  if (province) {
    const read = readProvince(province);
    if ("value" in read) province = read.value;
    else issue("province", read.error);
  }
  let city = text("city");
  if (city && !issues.some((i) => i.column === "province")) {
    const read = readCity(city, province || undefined);
    if ("value" in read) city = read.value;
    else issue("city", read.error);
  }

  const flags: Partial<Record<"negotiable" | "show_phone", "yes" | "">> = {};
  for (const column of ["negotiable", "show_phone"] as const) {
    if (blank(record[column])) continue;
    const value = checkboxValue(record[column]);
    if (value === undefined) issue(column, "Please write yes or no");
    else flags[column] = value;
  }
  const phone = text("phone");

  const make = text("make");
  const model = text("model");
  const match = catalogue.get(catalogueKey(make, model));
  const year = text("year");
  const prefill = carPrefill(match, { variant: text("variant"), year });

  const typed: Record<AdFieldStep, StepValues> = {
    car: fillCarBlanks(
      { make, model, variant: text("variant"), year, bodyType: word("body_type"), fuel: word("fuel"), transmission: word("transmission"), drive: word("drive") },
      prefill,
    ),
    condition: fillConditionBlanks(
      {
        mileageKm: text("mileage_km"),
        serviceHistory: word("service_history"),
        previousOwners: text("previous_owners"),
        colour: word("colour"),
        engineCc: text("engine_cc"),
        doors: text("doors"),
        seats: text("seats"),
        equipment: cellList(record.equipment),
      },
      prefill,
    ),
    price: { priceZar: text("price_zar"), ...(flags.negotiable ? { negotiable: "yes" } : {}) },
    place: { province, city },
    description: { description: typeof record.description === "string" ? record.description : cellText(record.description) },
    // A number given is shown unless show_phone says no (the wizard's default for a dealer's line).
    contact: { phone, ...((flags.show_phone ?? (phone ? "yes" : "")) === "yes" ? { showPhone: "yes" } : {}) },
  };

  const values: Partial<AdValues> = {};
  for (const step of Object.keys(typed) as AdFieldStep[]) {
    const result = adFormSteps[step].safeParse(typed[step]);
    if (result.success) {
      (values as Record<string, unknown>)[step] = result.data;
      continue;
    }
    const seen = new Set<string>();
    for (const zodIssue of result.error.issues) {
      const column = columnOfField[String(zodIssue.path[0] ?? "")];
      if (!column || seen.has(column) || issues.some((i) => i.column === column)) continue;
      seen.add(column);
      const given = cellText(record[column]);
      const list = choices[column];
      const hint = list && given ? ` ('${given}' is not one of ${list.join(", ")})` : "";
      issue(column, `${zodIssue.message}${hint}`);
    }
  }

  let photos: string[] | undefined;
  if (!blank(record.photos)) {
    photos = cellList(record.photos);
    const names = new Set<string>();
    for (const name of photos) {
      if (name.length > 200 || /[\\/]|^\.\.?$/.test(name)) issue("photos", `'${name.slice(0, 80)}' is not a file name (no folders: the name of the photo in the ZIP)`);
      else if (names.has(name.toLowerCase())) issue("photos", `'${name}' is listed twice`);
      names.add(name.toLowerCase());
    }
    if (photos.length > PHOTO_RULES.maxPhotos) issue("photos", `An ad can have at most ${PHOTO_RULES.maxPhotos} photos; this row lists ${photos.length}`);
  }

  if (issues.length) return { stockNumber: stockNumber || undefined, issues };
  return { car: { line, stockNumber, values: values as AdValues, photos }, stockNumber, issues };
}

/** Every record checked, and the rows against each other (a stock number appears once). */
export function validateFeed(read: ReadFeed, catalogue: ReadonlyMap<string, CatalogueModel>): { cars: FeedCar[]; issues: FeedIssue[]; stockNumbers: Set<string> } {
  const cars: FeedCar[] = [];
  const issues: FeedIssue[] = [];
  const firstLine = new Map<string, number>();
  read.records.forEach((record, i) => {
    const line = read.lines[i]!;
    const checked = validateFeedRecord(record, line, catalogue);
    const key = checked.stockNumber;
    if (key !== undefined) {
      const earlier = firstLine.get(key);
      if (earlier !== undefined) {
        issues.push({ line, column: "stock_number", message: `Stock number ${checked.stockNumber} is also on ${read.format === "json" ? "car" : "line"} ${earlier}: each car appears once` });
        return;
      }
      firstLine.set(key, line);
    }
    issues.push(...checked.issues);
    if (checked.car) cars.push(checked.car);
  });
  return { cars, issues, stockNumbers: new Set(firstLine.keys()) };
}

/** The message of a new car sent without photos (the wizard's own). */
export const FEED_PHOTO_REQUIRED = PHOTO_REQUIRED_MESSAGE;
