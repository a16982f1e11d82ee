import { multiParam, quoteValue, singleParam } from "~/lib/url-params";
import { z } from "~/lib/zod";
import { dealerServices } from "../../../db/schema/vocabulary";
import { findCity, findProvince } from "~/lib/places";
import {
  DIRECTORY_LIMITS,
  type DirectorySearch,
  directoryParamLabels,
  directorySorts,
  emptyDirectorySearch,
  sellsChoices,
} from "./directory-params";

// Reading the dealer directory's URL parameters (the loader's authority): one zod schema, each
// parameter checked on its own, a bad value dropped with a notice for the visitor, never an error.
// Whether a brand exists is known only to the database; the directory's loader checks that after.

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/);

const directorySearchSchema = z.object({
  q: z.string().max(DIRECTORY_LIMITS.qMax),
  brand: slug,
  province: slug.refine((s) => findProvince(s) !== undefined),
  city: slug.refine((s) => findCity(s) !== undefined),
  sells: z.enum(sellsChoices),
  services: z.array(z.enum(dealerServices)),
  marketplace: z.literal("1"),
  sort: z.enum(directorySorts),
  page: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(1)),
});

/** Every parameter of the schema has its label (a type check). */
const label: Record<keyof typeof directorySearchSchema.shape, string> = directoryParamLabels;

interface ParsedDirectorySearch {
  search: DirectorySearch;
  /** Plain sentences about what was ignored or adjusted. */
  notices: string[];
}

/** Turns URL parameters into a directory search; never throws. */
export function parseDirectorySearch(params: URLSearchParams): ParsedDirectorySearch {
  const notices: string[] = [];
  const search = emptyDirectorySearch();
  const shape = directorySearchSchema.shape;

  const rawQ = (params.get("q") ?? "").normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
  search.q = rawQ.slice(0, DIRECTORY_LIMITS.qMax).trim();
  if (rawQ.length > DIRECTORY_LIMITS.qMax) notices.push(`The name or town was too long and was shortened to ${DIRECTORY_LIMITS.qMax} characters.`);

  const single = <K extends "brand" | "province" | "city" | "sells" | "sort">(key: K, message: (value: string) => string) => {
    const raw = singleParam(params, key)?.toLowerCase();
    if (raw === undefined) return undefined;
    const parsed = shape[key].safeParse(raw);
    if (parsed.success) return parsed.data as string;
    notices.push(message(raw));
    return undefined;
  };
  search.brand = single("brand", (v) => `${label.brand} ${quoteValue(v)} is not a brand we know and was ignored.`);
  search.province = single("province", (v) => `${label.province} ${quoteValue(v)} is not a South African province and was ignored.`);
  search.city = single("city", (v) => `${label.city} ${quoteValue(v)} is not a town we know and was ignored.`);
  search.sells = single("sells", (v) => `${label.sells} ${quoteValue(v)} is not a valid choice and was ignored.`) as DirectorySearch["sells"];
  const sort = single("sort", (v) => `Sort ${quoteValue(v)} is not available; dealers are sorted by name.`);
  if (sort) search.sort = sort as DirectorySearch["sort"];
  for (const key of ["brand", "province", "city", "sells"] as const) if (search[key] === undefined) delete search[key];

  // A town and a province that do not go together find nothing: the town gives way.
  if (search.city && search.province && findCity(search.city)?.province !== search.province) {
    notices.push(`${findCity(search.city)!.name} is not in ${findProvince(search.province)!.name}; the town was ignored.`);
    delete search.city;
  }

  for (const value of multiParam(params, "services")) {
    const parsed = shape.services.element.safeParse(value);
    if (parsed.success) {
      if (!search.services.includes(parsed.data)) search.services.push(parsed.data);
    } else notices.push(`Service ${quoteValue(value)} is not a valid choice and was ignored.`);
  }
  search.services = dealerServices.filter((s) => search.services.includes(s));

  const marketplace = singleParam(params, "marketplace");
  if (marketplace !== undefined) {
    if (shape.marketplace.safeParse(marketplace).success || marketplace === "on" || marketplace === "true") search.marketplace = true;
    else if (marketplace !== "0") notices.push(`${label.marketplace} ${quoteValue(marketplace)} is not a valid choice and was ignored.`);
  }

  const page = singleParam(params, "page");
  if (page !== undefined) {
    const parsed = shape.page.safeParse(page);
    if (parsed.success) search.page = parsed.data;
    else notices.push(`Page ${quoteValue(page)} does not exist; showing the first page.`);
  }
  return { search, notices };
}
