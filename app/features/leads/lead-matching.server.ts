import { sql } from "drizzle-orm";
import { cityName } from "~/lib/places";
import { db, type Executor, resultRows } from "~/lib/db.server";
import { type DealerCandidate, LEAD_ROTATION_DAYS, type LeadMatchRequest, matchDealers, type MatchedDealer } from "./lead-matching";

// The dealers a lead goes to: one query gathers the province's dealers that may cover a wanted
// brand (franchise or live used stock), with their recent lead counts; lead-matching.ts chooses.

interface CandidateRow {
  id: number;
  name: string;
  city: string;
  province: string;
  email: string | null;
  sells_new: boolean;
  sells_used: boolean;
  on_marketplace: boolean;
  franchise_brand_ids: number[];
  stock_brand_ids: number[];
  recent_leads: number;
}

async function dealerCandidates(request: LeadMatchRequest, executor: Executor = db(), now = new Date()): Promise<DealerCandidate[]> {
  const brandIds = [...new Set(request.brandIds)];
  if (brandIds.length === 0 && !request.anyBrand) return [];
  // `in (null)` matches nothing: a trade-in of a car the catalogue does not hold covers no brand.
  const wanted = brandIds.length
    ? sql.join(
        brandIds.map((id) => sql`${id}::int`),
        sql`, `,
      )
    : sql`null`;
  const coversABrand = sql`(exists (select 1 from dealer_brands db where db.dealer_id = d.id and db.brand_id in (${wanted}))
          or exists (select 1 from used_ads a where a.dealer_id = d.id and a.status = 'published' and a.brand_id in (${wanted})))`;
  const since = new Date(now.getTime() - LEAD_ROTATION_DAYS * 86_400_000);
  const rows = resultRows<CandidateRow>(
    await executor.execute(sql`
      select d.id, d.name, d.city, d.province, d.email, d.sells_new, d.sells_used, d.on_marketplace,
        coalesce((select jsonb_agg(db.brand_id) from dealer_brands db where db.dealer_id = d.id and db.brand_id in (${wanted})), '[]'::jsonb) as franchise_brand_ids,
        coalesce((select jsonb_agg(distinct a.brand_id) from used_ads a where a.dealer_id = d.id and a.status = 'published' and a.brand_id in (${wanted})), '[]'::jsonb) as stock_brand_ids,
        (select count(*)::int from lead_dealers ld where ld.dealer_id = d.id and ld.sent_at >= ${since.toISOString()}::timestamptz) as recent_leads
      from dealers d
      where d.province = ${request.province} and coalesce(d.email, '') <> ''
        and ${request.anyBrand ? sql`d.sells_used` : coversABrand}`),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    city: cityName(r.city),
    province: r.province,
    email: r.email,
    sellsNew: r.sells_new,
    sellsUsed: r.sells_used,
    onMarketplace: r.on_marketplace,
    franchiseBrandIds: r.franchise_brand_ids,
    stockBrandIds: r.stock_brand_ids,
    recentLeads: r.recent_leads,
  }));
}

/** Up to three dealers for this request (lead-matching.ts's rules), none when nothing matches. */
export async function findLeadDealers(request: LeadMatchRequest, executor: Executor = db(), now = new Date()): Promise<MatchedDealer[]> {
  return matchDealers(await dealerCandidates(request, executor, now), request);
}
