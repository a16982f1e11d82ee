import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../../app/lib/db.server";
import { resultRows } from "../../../app/lib/db.server";
import { jsonRecordset, type JsonColumn } from "../../../app/lib/json-rows.server";
import { bumpRevision } from "../../../app/lib/cache.server";
import { generateDirectoryDealers } from "./generate";

export { generateDirectoryDealers } from "./generate";
export type { DemoDirectoryDealer } from "./generate";

// The demo dealer directory in the database: one upsert by slug for the dealers (the marketplace's
// dealers, inserted earlier by a database seeded before the directory existed, gain their
// directory data in place, keeping their ids and ads), then their brands, in one transaction.

/** True until the directory has been seeded or imported (no dealer has an address yet). */
export async function isEmptyDealerDirectory(db: Executor): Promise<boolean> {
  const rows = resultRows<{ found: boolean }>(await db.execute(sql`select exists(select 1 from dealers where street_address <> '') as found`));
  return !rows[0]?.found;
}

const dealerColumns: JsonColumn[] = [
  ["slug", "text"], ["name", "text"], ["group_name", "text"], ["kind", "text"], ["sells_new", "boolean"], ["sells_used", "boolean"],
  ["street_address", "text"], ["suburb", "text"], ["city", "text"], ["province", "text"], ["postal_code", "text"],
  ["phone", "text"], ["email", "text"], ["website", "text"], ["opening_hours", "jsonb"], ["services", "jsonb"],
  ["on_marketplace", "boolean"], ["created_at", "timestamptz"],
];
const columnNames = dealerColumns.map(([name]) => `"${name}"`).join(", ");
const updates = dealerColumns
  .filter(([name]) => name !== "slug" && name !== "created_at")
  .map(([name]) => `"${name}" = excluded."${name}"`)
  .join(", ");

/** Writes the demo directory (idempotent). Returns the number of dealers and brand links written. */
export async function seedDealerDirectory(db: Database): Promise<{ dealers: number; brandLinks: number }> {
  const dealers = generateDirectoryDealers();
  const rows = dealers.map((d) => ({
    slug: d.slug, name: d.name, group_name: d.groupName, kind: d.kind, sells_new: d.sellsNew, sells_used: d.sellsUsed,
    street_address: d.streetAddress, suburb: d.suburb, city: d.city, province: d.province, postal_code: d.postalCode,
    phone: d.phone, email: d.email, website: d.website, opening_hours: d.openingHours, services: d.services,
    on_marketplace: d.onMarketplace, created_at: d.createdAt,
  }));
  const links = dealers.flatMap((d) => d.brandSlugs.map((brand) => ({ dealer_slug: d.slug, brand_slug: brand })));
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into dealers (${sql.raw(columnNames)}, is_demo, updated_at)
      select ${sql.raw(columnNames)}, true, created_at from ${jsonRecordset(rows, dealerColumns)}
      on conflict (slug) do update set ${sql.raw(updates)}, is_demo = true, updated_at = now()`);
    await tx.execute(sql`delete from dealer_brands where dealer_id in (select id from dealers where is_demo)`);
    const written = resultRows<{ n: number }>(
      await tx.execute(sql`with inserted as (
          insert into dealer_brands (dealer_id, brand_id)
          select d.id, b.id from ${jsonRecordset(links, [["dealer_slug", "text"], ["brand_slug", "text"]])}
          join dealers d on d.slug = x.dealer_slug join brands b on b.slug = x.brand_slug
          on conflict do nothing returning 1)
        select count(*)::int as n from inserted`),
    );
    await bumpRevision(tx, "dealers");
    return { dealers: rows.length, brandLinks: written[0]?.n ?? 0 };
  });
}
