import { brands, dealerBrands, dealers, models, usedAds } from "../../db/schema";
import type { Database } from "~/lib/db.server";

// A few brands, models and dealers like the demo directory's, for the lead tests: who gets a lead
// depends on province, franchise, new/used, e-mail and marketplace stock.

export interface LeadFixtureDealer {
  slug: string;
  name: string;
  city: string;
  province: string;
  sellsNew?: boolean;
  sellsUsed?: boolean;
  email?: string | null;
  onMarketplace?: boolean;
  brands?: string[];
  /** Brands of live used ads on the marketplace. */
  stock?: string[];
}

export interface LeadFixtures {
  brand: Record<string, number>;
  model: Record<string, number>;
  dealer: Record<string, number>;
}

export async function insertLeadFixtures(db: Database, list: readonly LeadFixtureDealer[]): Promise<LeadFixtures> {
  const brandRows = await db
    .insert(brands)
    .values(
      [
        ["toyota", "Toyota"],
        ["volkswagen", "Volkswagen"],
        ["ford", "Ford"],
        ["suzuki", "Suzuki"],
      ].map(([slug, name]) => ({ externalCode: `lead-${slug}`, slug: slug!, name: name!, country: "Japan", description: "", colour: "#123456" })),
    )
    .returning({ id: brands.id, slug: brands.slug });
  const brand = Object.fromEntries(brandRows.map((b) => [b.slug, b.id]));
  const modelRows = await db
    .insert(models)
    .values(
      [
        ["toyota", "corolla-cross", "Corolla Cross"],
        ["toyota", "hilux", "Hilux"],
        ["volkswagen", "polo-vivo", "Polo Vivo"],
        ["ford", "ranger", "Ranger"],
      ].map(([b, slug, name]) => ({
        externalCode: `lead-${slug}`,
        brandId: brand[b!]!,
        slug: slug!,
        name: name!,
        bodyType: "suv" as const,
        segment: "C",
        description: "",
        launchDate: "2022-01-01",
        colour: "#aabbcc",
      })),
    )
    .returning({ id: models.id, slug: models.slug });
  const model = Object.fromEntries(modelRows.map((m) => [m.slug, m.id]));
  const dealer: Record<string, number> = {};
  for (const d of list) {
    const [row] = await db
      .insert(dealers)
      .values({
        slug: d.slug,
        name: d.name,
        kind: d.brands?.length ? "franchise" : "independent",
        sellsNew: d.sellsNew ?? false,
        sellsUsed: d.sellsUsed ?? true,
        city: d.city,
        province: d.province,
        email: d.email === undefined ? `sales@${d.slug}.co.za` : d.email,
        onMarketplace: d.onMarketplace ?? false,
        isDemo: true,
      })
      .returning({ id: dealers.id });
    dealer[d.slug] = row!.id;
    for (const slug of d.brands ?? []) await db.insert(dealerBrands).values({ dealerId: row!.id, brandId: brand[slug]! });
    for (const slug of d.stock ?? []) {
      await db.insert(usedAds).values({
        status: "published",
        sellerKind: "dealer",
        dealerId: row!.id,
        brandId: brand[slug]!,
        makeName: slug,
        modelName: "Demo",
        title: `2019 ${slug}`,
        slug: `2019-${slug}`,
        year: 2019,
        mileageKm: 80_000,
        priceZar: 189_000,
        fuel: "petrol",
        transmission: "manual",
        bodyType: "sedan",
        drive: "2wd",
        colour: "white",
        serviceHistory: "full",
        province: d.province,
        city: d.city,
      });
    }
  }
  return { brand, model, dealer };
}
