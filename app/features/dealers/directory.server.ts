import { sql, type SQL } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { resultRows } from "~/lib/db.server";
import { readDb } from "~/lib/db-replica.server";
import { forPrintingOnly } from "~/lib/printed-data.server";
import { revisionMemo } from "~/lib/revision-memo.server";
import { dealerServices, type DealerKind, type DealerService } from "../../../db/schema/vocabulary";
import { cities, provinces } from "~/lib/places";
import { foldText } from "../search/new-car-search.server";
import {
  DIRECTORY_PAGE_SIZE,
  type DirectoryCard,
  type DirectoryFacets,
  type DirectoryPage,
  type DirectoryPageData,
  type DirectorySearch,
  PRINTED_DIRECTORY_CARDS,
  directoryPageCount,
  directorySearchUrl,
} from "./directory-params";
import { parseDirectorySearch } from "./directory-parse";

// The dealer directory's query: one statement counts the results and every filter's choices,
// another reads the page of cards. The counting rule is the faceted searches' (facets.ts in the
// new-car search): a filter's choices are counted with every OTHER filter applied, so choosing
// Gauteng does not make the other provinces read 0. Two exceptions narrow instead: the words
// always apply, and services are cumulative (a dealer must offer every ticked service), so each
// service's count is what ticking it too would leave.

type Facet = "brand" | "province" | "city" | "sells" | "marketplace";

// The counts and a brand's name read only dealers and the catalogue, which change by import (each
// bumps its revision): kept per search until then. Every visitor's directory page asked them
// anew, half of its main thread on the embedded database. The cards are read each time: they
// count each dealer's live ads.
const MAX_DIRECTORY_ANSWERS = 1_000;
const directoryAnswer = revisionMemo(["dealers", "catalogue"], MAX_DIRECTORY_ANSWERS);

/** What a search's counts depend on: every filter, not its sort or page. */
const countsKey = (search: DirectorySearch) =>
  `counts:${JSON.stringify([search.q, search.brand ?? null, search.province ?? null, search.city ?? null, search.sells ?? null, search.services, search.marketplace])}`;

// Accent folding without the unaccent extension, so a search behaves the same on every database.
const ACCENTED = "ÀÁÂÃÄÅĀÇĆČÈÉÊËĒĖĘÌÍÎÏĪÑŃÒÓÔÕÖØŌŠÙÚÛÜŪÝŸŽàáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōšùúûüūýÿž";
const PLAIN = "AAAAAAACCCEEEEEEEIIIIINNOOOOOOOSUUUUUYYZaaaaaaaccceeeeeeeiiiiinnooooooosuuuuuyyz";

/** What a search by name or town looks in: name, group, suburb and town, folded like foldText. */
const searchableText = sql`(' ' || regexp_replace(lower(translate(d.name || ' ' || coalesce(d.group_name, '') || ' ' || d.suburb || ' ' || replace(d.city, '-', ' '), ${ACCENTED}, ${PLAIN})), '[^a-z0-9]+', ' ', 'g') || ' ')`;

/** Each typed word must start a word of the dealer's name, group, suburb or town. */
function wordsCondition(q: string): SQL | undefined {
  const words = foldText(q).split(" ").filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((word) => sql`${searchableText} like ${`% ${word.replace(/[\\%_]/g, "\\$&")}%`}`),
    sql` and `,
  );
}

const TRUE = sql`true`;

/** The SQL condition of every filter (true when the filter is off), over dealers as d. */
function conditions(search: DirectorySearch): { always: SQL; byFacet: Record<Facet, SQL> } {
  const always = [wordsCondition(search.q) ?? TRUE];
  if (search.services.length) always.push(sql`d.services @> ${JSON.stringify(search.services)}::jsonb`);
  return {
    always: sql.join(always, sql` and `),
    byFacet: {
      brand: search.brand
        ? sql`exists (select 1 from dealer_brands db join brands b on b.id = db.brand_id where db.dealer_id = d.id and b.slug = ${search.brand})`
        : TRUE,
      province: search.province ? sql`d.province = ${search.province}` : TRUE,
      city: search.city ? sql`d.city = ${search.city}` : TRUE,
      sells: search.sells === "new" ? sql`d.sells_new` : search.sells === "used" ? sql`d.sells_used` : TRUE,
      marketplace: search.marketplace ? sql`d.on_marketplace` : TRUE,
    },
  };
}

/** Every facet's flag but one ("f_brand and f_city …"), for the counts of that one. */
const others = (except?: Facet) =>
  sql.raw((["brand", "province", "city", "sells", "marketplace"] as const).filter((f) => f !== except).map((f) => `f_${f}`).join(" and "));

interface CountRow {
  facet: string;
  value: string;
  label: string | null;
  count: number;
}

/** The number of matching dealers and every filter's choices with their counts. */
export async function directoryCounts(search: DirectorySearch): Promise<{ total: number; facets: DirectoryFacets }> {
  const { always, byFacet } = conditions(search);
  const rows = resultRows<CountRow>(
    await readDb().execute(sql`
      with matched as (
        select d.id, d.province, d.city, d.sells_new, d.sells_used, d.on_marketplace, d.services,
               ${byFacet.brand} as f_brand, ${byFacet.province} as f_province, ${byFacet.city} as f_city,
               ${byFacet.sells} as f_sells, ${byFacet.marketplace} as f_marketplace
        from dealers d
        where ${always}
      )
      select 'total' as facet, '' as value, null as label, (count(*) filter (where ${others()}))::int as count from matched
      union all
      select 'province', province, null, count(*)::int from matched where ${others("province")} group by province
      union all
      select 'city', city, null, count(*)::int from matched where ${others("city")} group by city
      union all
      select 'brand', b.slug, b.name, count(*)::int
        from matched m join dealer_brands db on db.dealer_id = m.id join brands b on b.id = db.brand_id
        where ${others("brand")} group by b.slug, b.name
      union all
      select 'sells', 'new', null, (count(*) filter (where sells_new))::int from matched where ${others("sells")}
      union all
      select 'sells', 'used', null, (count(*) filter (where sells_used))::int from matched where ${others("sells")}
      union all
      select 'marketplace', '1', null, (count(*) filter (where on_marketplace))::int from matched where ${others("marketplace")}
      union all
      select 'services', s.value, null, count(*)::int
        from matched m cross join lateral jsonb_array_elements_text(m.services) as s(value)
        where ${others()} group by s.value`),
  );

  const of = (facet: string) => rows.filter((r) => r.facet === facet);
  const countOf = (facet: string, value: string) => Number(of(facet).find((r) => r.value === value)?.count ?? 0);
  const cityCounts = new Map(of("city").map((r) => [r.value, Number(r.count)]));
  const facets: DirectoryFacets = {
    brand: of("brand")
      .map((r) => ({ value: r.value, label: r.label ?? r.value, count: Number(r.count) }))
      .sort((a, b) => a.label.localeCompare(b.label, "en")),
    province: provinces.map((p) => ({ value: p.slug, label: p.name, count: countOf("province", p.slug) })),
    // Towns with a dealer (and the chosen one), in the order of places.ts: by province, biggest first.
    city: cities
      .filter((c) => (cityCounts.get(c.slug) ?? 0) > 0 || c.slug === search.city)
      .map((c) => ({ value: c.slug, label: c.name, province: c.province, count: cityCounts.get(c.slug) ?? 0 })),
    sells: { new: countOf("sells", "new"), used: countOf("sells", "used") },
    services: Object.fromEntries(dealerServices.map((s) => [s, countOf("services", s)])) as Record<DealerService, number>,
    marketplace: countOf("marketplace", "1"),
  };
  return { total: countOf("total", ""), facets };
}

const order: Record<DirectorySearch["sort"], SQL> = {
  name: sql`lower(d.name), d.id`,
  town: sql`d.city, lower(d.name), d.id`,
};

interface CardRow {
  id: number;
  slug: string;
  name: string;
  group_name: string | null;
  kind: DealerKind;
  sells_new: boolean;
  sells_used: boolean;
  suburb: string;
  city: string;
  province: string;
  phone: string | null;
  services: DealerService[] | string;
  on_marketplace: boolean;
  live_ads: number;
  brands: DirectoryCard["brands"] | string;
  is_demo: boolean;
  logo_key: string | null;
  verified: boolean;
}

const json = <T,>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** Reads dealers as cards (brands by name, the live ads counted); `where` is over dealers as d. */
async function dealerCards(where: SQL, orderBy: SQL, limit: number, offset = 0): Promise<DirectoryCard[]> {
  const rows = resultRows<CardRow>(
    await readDb().execute(sql`
      select d.id, d.slug, d.name, d.group_name, d.kind, d.sells_new, d.sells_used, d.suburb, d.city, d.province,
             d.phone, d.services, d.on_marketplace, d.is_demo, d.logo_key, d.verified_at is not null as verified,
             case when d.on_marketplace
               then (select count(*) from used_ads a where a.dealer_id = d.id and a.status = 'published')::int
               else 0 end as live_ads,
             coalesce((select json_agg(json_build_object('slug', b.slug, 'name', b.name, 'colour', b.colour) order by b.name)
                       from dealer_brands db join brands b on b.id = db.brand_id where db.dealer_id = d.id), '[]'::json) as brands
      from dealers d
      where ${where}
      order by ${orderBy}
      limit ${limit} offset ${offset}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    slug: r.slug,
    name: r.name,
    groupName: r.group_name,
    kind: r.kind,
    sellsNew: r.sells_new,
    sellsUsed: r.sells_used,
    suburb: r.suburb,
    city: r.city,
    province: r.province,
    phone: r.phone,
    services: dealerServices.filter((s) => json<DealerService[]>(r.services).includes(s)),
    onMarketplace: r.on_marketplace,
    liveAds: Number(r.live_ads),
    brands: json<DirectoryCard["brands"]>(r.brands),
    isDemo: r.is_demo,
    logoKey: r.logo_key,
    verified: r.verified === true,
  }));
}

/** One page of the directory's cards for a (valid) search. */
export function directoryResults(search: DirectorySearch): Promise<DirectoryCard[]> {
  const { always, byFacet } = conditions(search);
  const where = sql.join([always, ...Object.values(byFacet)], sql` and `);
  return dealerCards(where, order[search.sort], DIRECTORY_PAGE_SIZE, (search.page - 1) * DIRECTORY_PAGE_SIZE);
}

/** Everything the directory shows for its URL parameters; bad values are dropped with a notice. */
export async function directoryPage(params: URLSearchParams): Promise<DirectoryPage> {
  const { search, notices } = parseDirectorySearch(params);
  let brandName: string | null = null;
  if (search.brand) {
    const slug = search.brand;
    const [brand] = await directoryAnswer(`brand:${slug}`, async () =>
      resultRows<{ name: string }>(await readDb().execute(sql`select name from brands where slug = ${slug}`)),
    );
    if (brand) brandName = brand.name;
    else {
      notices.push(`There is no brand “${search.brand}” in the catalogue; it was ignored.`);
      delete search.brand;
    }
  }
  const { total, facets } = await directoryAnswer(countsKey(search), () => directoryCounts(search));
  const pageCount = directoryPageCount(total);
  const pastEnd = search.page > pageCount;
  const cards = total > 0 && !pastEnd ? await directoryResults(search) : [];
  return {
    search,
    notices,
    total,
    facets,
    cards,
    brandName,
    pageCount,
    pastEnd,
    canonicalUrl: directorySearchUrl(search),
    prevUrl: !pastEnd && search.page > 1 ? directorySearchUrl({ ...search, page: search.page - 1 }) : null,
    nextUrl: search.page < pageCount ? directorySearchUrl({ ...search, page: search.page + 1 }) : null,
  };
}

/** The directory's loader data: for a document, its cards are printed into the page, not sent twice. */
export async function directoryPageData(params: URLSearchParams, context: AppLoadContext | undefined): Promise<DirectoryPageData> {
  const page = await directoryPage(params);
  return { ...page, cards: forPrintingOnly(context, PRINTED_DIRECTORY_CARDS, page.cards) ?? null };
}
