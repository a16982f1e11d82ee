// The empty comparator's suggestions: for a few kinds of car South Africans shop side by side,
// the three most popular models (with a version on sale), each by its cheapest version on sale.
import { type SQL, sql } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db, resultRows } from "~/lib/db.server";
import type { BodyType } from "../../../db/schema/catalogue";
import { comparisonUrl } from "./rules";

interface PopularCar {
  id: number;
  label: string;
  bodyType: BodyType;
  colour: string;
}

export interface PopularComparison {
  key: string;
  title: string;
  url: string;
  cars: PopularCar[];
}

const themes: { key: string; title: string; where: SQL }[] = [
  { key: "small-suvs", title: "Popular small SUVs", where: sql`m.segment = 'Small SUV'` },
  { key: "double-cabs", title: "Double-cab bakkies", where: sql`m.body_type = 'double-cab'` },
  { key: "city-hatchbacks", title: "City hatchbacks", where: sql`m.body_type = 'hatchback' and m.segment in ('City car', 'Small hatchback')` },
  { key: "electric-suvs", title: "Electric SUVs", where: sql`m.body_type in ('suv', 'crossover') and v.fuel = 'electric'` },
];

const PER_COMPARISON = 3;

async function themeCars(where: SQL): Promise<PopularCar[]> {
  const rows = resultRows<{ id: number; brand_name: string; model_name: string; version_name: string; body_type: BodyType; colour: string }>(
    await db().execute(sql`
      select id, brand_name, model_name, version_name, body_type, colour from (
        select distinct on (m.id) v.id, b.name as brand_name, m.name as model_name, v.name as version_name,
               m.body_type, m.colour, m.popularity
        from models m
        join brands b on b.id = m.brand_id
        join versions v on v.model_id = m.id and v.on_sale
        where ${where}
        order by m.id, v.price_zar, v.id
      ) cheapest
      order by popularity desc, model_name, id
      limit ${PER_COMPARISON}
    `),
  );
  return rows.map((r) => ({ id: Number(r.id), label: `${r.brand_name} ${r.model_name} ${r.version_name}`, bodyType: r.body_type, colour: r.colour }));
}

/** Ready-made comparisons with at least two cars, each a shareable comparator URL. */
export function popularComparisons(): Promise<PopularComparison[]> {
  return cached("comparison:popular", { ttlMs: 10 * 60_000, tags: ["catalogue"] }, async () => {
    const lists = await Promise.all(themes.map((theme) => themeCars(theme.where)));
    return themes
      .map((theme, index) => ({ key: theme.key, title: theme.title, cars: lists[index]!, url: comparisonUrl(lists[index]!.map((c) => c.id)) }))
      .filter((comparison) => comparison.cars.length >= 2);
  });
}
