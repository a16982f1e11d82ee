import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bumpRevision, setRevisionCheckInterval } from "~/lib/cache.server";
import { brands, dealerBrands, dealers, usedAds } from "../../../db/schema";
import type { DealerService } from "../../../db/schema/vocabulary";
import { useTestDatabase } from "../../../tests/setup/database";
import { DIRECTORY_PAGE_SIZE, directorySearchWith } from "./directory-params";
import { directoryCounts, directoryPage, directoryResults } from "./directory.server";
import { nearbyDealers } from "./nearby.server";

// The directory's query on a few dealers written here: filters, each filter's counts with the
// other filters applied, the search by name or town, paging and the cards' contents.

const getDb = useTestDatabase();

interface TestDealer {
  slug: string;
  name: string;
  groupName?: string;
  kind?: "franchise" | "independent";
  sellsNew?: boolean;
  sellsUsed?: boolean;
  suburb?: string;
  city: string;
  province: string;
  services?: DealerService[];
  onMarketplace?: boolean;
  brands?: string[];
}

const named: TestDealer[] = [
  { slug: "toyota-menlyn", name: "Toyota Menlyn", groupName: "Jacaranda Motor Holdings", kind: "franchise", sellsNew: true, suburb: "Menlyn", city: "pretoria", province: "gauteng", services: ["finance", "sales", "service", "parts"], brands: ["toyota"] },
  { slug: "toyota-sandton", name: "Toyota Sandton", kind: "franchise", sellsNew: true, sellsUsed: false, suburb: "Bryanston", city: "sandton", province: "gauteng", services: ["sales", "service"], brands: ["toyota"] },
  { slug: "vw-bellville", name: "Volkswagen Bellville", kind: "franchise", sellsNew: true, suburb: "Tyger Valley", city: "bellville", province: "western-cape", services: ["sales", "parts"], brands: ["volkswagen"] },
  { slug: "cape-auto-traders", name: "Cape Auto Traders", suburb: "Maitland", city: "cape-town", province: "western-cape", services: ["sales", "finance"], onMarketplace: true },
  { slug: "ford-toyota-durban", name: "Durban Motor City", kind: "franchise", sellsNew: true, suburb: "Springfield", city: "durban", province: "kwazulu-natal", services: ["sales", "service", "parts"], brands: ["toyota", "ford"] },
  { slug: "citroen-umhlanga", name: "Citroën Umhlanga", kind: "franchise", sellsNew: true, sellsUsed: false, suburb: "Umhlanga Ridge", city: "umhlanga", province: "kwazulu-natal", services: ["sales"] },
];
// Enough independents in one town to fill a second page.
const fillers: TestDealer[] = Array.from({ length: 26 }, (_, i) => ({
  slug: `polokwane-car-sales-${i + 1}`,
  name: `Polokwane Car Sales ${String(i + 1).padStart(2, "0")}`,
  suburb: "Bendor",
  city: "polokwane",
  province: "limpopo",
  services: ["sales"],
}));

const weekday = [{ opens: "08:00", closes: "17:00" }];
const menlynHours = { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: [{ opens: "08:00", closes: "12:00" }], sun: [], holidays: [] };

const ids = new Map<string, number>();
let toyotaId = 0;

beforeAll(async () => {
  const { db } = getDb();
  const brandRows = await db
    .insert(brands)
    .values(
      [
        ["toyota", "Toyota", "#eb0a1e"],
        ["volkswagen", "Volkswagen", "#001e50"],
        ["ford", "Ford", "#003478"],
      ].map(([slug, name, colour]) => ({ externalCode: slug!, slug: slug!, name: name!, country: "Japan", description: "", colour: colour! })),
    )
    .returning({ id: brands.id, slug: brands.slug });
  const brandId = new Map(brandRows.map((b) => [b.slug, b.id]));
  toyotaId = brandId.get("toyota")!;
  for (const dealer of [...named, ...fillers]) {
    const [row] = await db
      .insert(dealers)
      .values({
        slug: dealer.slug,
        name: dealer.name,
        groupName: dealer.groupName ?? null,
        kind: dealer.kind ?? "independent",
        sellsNew: dealer.sellsNew ?? false,
        sellsUsed: dealer.sellsUsed ?? true,
        streetAddress: "1 Main Road",
        suburb: dealer.suburb ?? "",
        city: dealer.city,
        province: dealer.province,
        phone: "+27 10 555 0100",
        services: dealer.services ?? ["sales"],
        onMarketplace: dealer.onMarketplace ?? false,
        openingHours: dealer.slug === "toyota-menlyn" ? menlynHours : null,
      })
      .returning({ id: dealers.id });
    ids.set(dealer.slug, row!.id);
    for (const slug of dealer.brands ?? []) await db.insert(dealerBrands).values({ dealerId: row!.id, brandId: brandId.get(slug)! });
  }
  // Two live ads and a sold one for the marketplace dealer.
  for (const status of ["published", "published", "sold"] as const) {
    await db.insert(usedAds).values({
      status,
      sellerKind: "dealer",
      dealerId: ids.get("cape-auto-traders")!,
      makeName: "Toyota",
      modelName: "Corolla",
      title: "2019 Toyota Corolla",
      slug: "2019-toyota-corolla",
      year: 2019,
      mileageKm: 80_000,
      priceZar: 189_000,
      fuel: "petrol",
      transmission: "manual",
      bodyType: "sedan",
      drive: "2wd",
      colour: "white",
      serviceHistory: "full",
      province: "western-cape",
      city: "cape-town",
    });
  }
});

const names = (cards: { name: string }[]) => cards.map((c) => c.name);
const count = (choices: { value: string; count: number }[], value: string) => choices.find((c) => c.value === value)?.count ?? 0;

describe("the directory's counts", () => {
  it("counts every dealer and each choice when nothing is chosen", async () => {
    const { total, facets } = await directoryCounts(directorySearchWith({}));
    expect(total).toBe(32);
    expect(facets.province.map((p) => p.value)).toHaveLength(9);
    expect(count(facets.province, "gauteng")).toBe(2);
    expect(count(facets.province, "limpopo")).toBe(26);
    expect(count(facets.province, "free-state")).toBe(0);
    // Only towns with a dealer are offered.
    expect(facets.city.map((c) => c.value).sort()).toEqual(["bellville", "cape-town", "durban", "polokwane", "pretoria", "sandton", "umhlanga"]);
    expect(facets.brand).toEqual([
      { value: "ford", label: "Ford", count: 1 },
      { value: "toyota", label: "Toyota", count: 3 },
      { value: "volkswagen", label: "Volkswagen", count: 1 },
    ]);
    expect(facets.sells).toEqual({ new: 5, used: 30 });
    expect(facets.services).toEqual({ sales: 32, service: 3, parts: 3, finance: 2 });
    expect(facets.marketplace).toBe(1);
  });

  it("counts each filter's choices with the other filters applied, never its own", async () => {
    const { total, facets } = await directoryCounts(directorySearchWith({ brand: "toyota", province: "gauteng" }));
    expect(total).toBe(2);
    // Provinces: Toyota dealers in each (the province itself not applied).
    expect(count(facets.province, "gauteng")).toBe(2);
    expect(count(facets.province, "kwazulu-natal")).toBe(1);
    expect(count(facets.province, "western-cape")).toBe(0);
    // Brands: dealers of each brand in Gauteng.
    expect(facets.brand).toEqual([{ value: "toyota", label: "Toyota", count: 2 }]);
    expect(facets.sells).toEqual({ new: 2, used: 1 });
  });

  it("narrows the towns to the chosen province and the services cumulatively", async () => {
    const western = await directoryCounts(directorySearchWith({ province: "western-cape" }));
    expect(western.facets.city.map((c) => [c.value, c.count])).toEqual([
      ["cape-town", 1],
      ["bellville", 1],
    ]);
    const serviced = await directoryCounts(directorySearchWith({ services: ["service", "parts"] }));
    expect(serviced.total).toBe(2);
    // Each service's count is what ticking it as well would leave.
    expect(serviced.facets.services).toEqual({ sales: 2, service: 2, parts: 2, finance: 1 });
  });
});

describe("the directory's results", () => {
  it("filters by brand, province, town, new or used and the marketplace", async () => {
    expect(names(await directoryResults(directorySearchWith({ brand: "toyota" })))).toEqual(["Durban Motor City", "Toyota Menlyn", "Toyota Sandton"]);
    expect(names(await directoryResults(directorySearchWith({ brand: "toyota", province: "gauteng", sells: "used" })))).toEqual(["Toyota Menlyn"]);
    expect(names(await directoryResults(directorySearchWith({ city: "cape-town" })))).toEqual(["Cape Auto Traders"]);
    expect(names(await directoryResults(directorySearchWith({ sells: "new", province: "kwazulu-natal" })))).toEqual(["Citroën Umhlanga", "Durban Motor City"]);
    expect(names(await directoryResults(directorySearchWith({ marketplace: true })))).toEqual(["Cape Auto Traders"]);
    expect(names(await directoryResults(directorySearchWith({ services: ["finance", "parts"] })))).toEqual(["Toyota Menlyn"]);
  });

  it("finds dealers by name, group, suburb or town, accents and case aside", async () => {
    const find = async (q: string) => names(await directoryResults(directorySearchWith({ q })));
    expect(await find("menlyn")).toEqual(["Toyota Menlyn"]);
    expect(await find("Cape Town")).toEqual(["Cape Auto Traders"]);
    expect(await find("jacaranda")).toEqual(["Toyota Menlyn"]);
    expect(await find("CITROEN")).toEqual(["Citroën Umhlanga"]);
    expect(await find("umhlanga")).toEqual(["Citroën Umhlanga"]);
    expect(await find("toyota pretoria")).toEqual(["Toyota Menlyn"]);
    // Typed words start words: "own" is not "Town", "1" is 10 to 19.
    expect(await find("own")).toEqual([]);
    expect(await find("car sales 1")).toHaveLength(10);
    expect(await find("polokwane")).toHaveLength(DIRECTORY_PAGE_SIZE);
  });

  it("pages by 24, sorted by name or by town", async () => {
    const first = await directoryResults(directorySearchWith({}));
    expect(first).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(names(first).slice(0, 3)).toEqual(["Cape Auto Traders", "Citroën Umhlanga", "Durban Motor City"]);
    const second = await directoryResults(directorySearchWith({ page: 2 }));
    expect(second).toHaveLength(32 - DIRECTORY_PAGE_SIZE);
    expect(names(second).at(-1)).toBe("Volkswagen Bellville");
    const byTown = await directoryResults(directorySearchWith({ sort: "town" }));
    expect(byTown.slice(0, 3).map((c) => c.city)).toEqual(["bellville", "cape-town", "durban"]);
  });

  it("gives each card its brands, services in order, place and live ads", async () => {
    const [menlyn] = await directoryResults(directorySearchWith({ q: "menlyn" }));
    expect(menlyn).toMatchObject({
      id: ids.get("toyota-menlyn"),
      slug: "toyota-menlyn",
      groupName: "Jacaranda Motor Holdings",
      kind: "franchise",
      sellsNew: true,
      sellsUsed: true,
      suburb: "Menlyn",
      city: "pretoria",
      province: "gauteng",
      phone: "+27 10 555 0100",
      services: ["sales", "service", "parts", "finance"],
      onMarketplace: false,
      liveAds: 0,
      brands: [{ slug: "toyota", name: "Toyota", colour: "#eb0a1e" }],
    });
    const [durban] = await directoryResults(directorySearchWith({ q: "durban" }));
    expect(durban!.brands.map((b) => b.name)).toEqual(["Ford", "Toyota"]);
    const [traders] = await directoryResults(directorySearchWith({ marketplace: true }));
    expect(traders).toMatchObject({ onMarketplace: true, liveAds: 2, brands: [] });
  });
});

describe("directoryPage", () => {
  it("drops an unknown brand with a notice and writes the search canonically", async () => {
    const page = await directoryPage(new URLSearchParams("province=gauteng&brand=lada&q=&sort=name"));
    expect(page.notices).toEqual(["There is no brand “lada” in the catalogue; it was ignored."]);
    expect(page.total).toBe(2);
    expect(page.canonicalUrl).toBe("/concessionnaires?province=gauteng");
  });

  it("names the chosen brand and links the neighbouring pages", async () => {
    const toyota = await directoryPage(new URLSearchParams("brand=toyota"));
    expect(toyota.brandName).toBe("Toyota");
    const second = await directoryPage(new URLSearchParams("page=2&sort=town"));
    expect(second.cards).toHaveLength(8);
    expect(second.prevUrl).toBe("/concessionnaires?sort=town");
    expect(second.nextUrl).toBeNull();
    expect((await directoryPage(new URLSearchParams(""))).nextUrl).toBe("/concessionnaires?page=2");
  });

  it("marks a page after the last one and reads no cards for it", async () => {
    const page = await directoryPage(new URLSearchParams("page=3"));
    expect(page).toMatchObject({ pastEnd: true, pageCount: 2, total: 32, cards: [], prevUrl: null });
  });

  it("keeps a search's counts until the dealers change, in this process or another", async () => {
    const { db } = getDb();
    setRevisionCheckInterval(0);
    try {
      expect((await directoryPage(new URLSearchParams("province=limpopo"))).total).toBe(26);
      // What another instance's dealer import does: its rows and a revision bump, in one transaction.
      const added = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(dealers)
          .values({ slug: "mokopane-motors", name: "Mokopane Motors", streetAddress: "2 Thabo Mbeki Drive", suburb: "Central", city: "polokwane", province: "limpopo", services: ["sales"] })
          .returning({ id: dealers.id });
        await bumpRevision(tx, "dealers");
        return row!.id;
      });
      const page = await directoryPage(new URLSearchParams("province=limpopo"));
      expect(page.total).toBe(27);
      expect(count(page.facets.province, "limpopo")).toBe(27);
      await db.transaction(async (tx) => {
        await tx.delete(dealers).where(eq(dealers.id, added));
        await bumpRevision(tx, "dealers");
      });
      expect((await directoryPage(new URLSearchParams("province=limpopo"))).total).toBe(26);
    } finally {
      setRevisionCheckInterval(5_000);
    }
  });
});

describe("the dealers' sitemap", () => {
  it("lists one page per dealer, by id, in its own paged child", async () => {
    const { childSitemapEntries, childSitemaps } = await import("../seo/sitemap.server");
    expect((await childSitemaps()).map((c) => c.file)).toContain("dealers-1.xml");
    const entries = (await childSitemapEntries("dealers-1.xml"))!;
    expect(entries).toHaveLength(32);
    expect(entries[0]).toMatchObject({ path: `/concessionnaires/${ids.get("toyota-menlyn")}-toyota-menlyn` });
    expect(entries[0]!.lastmod).toBeInstanceOf(Date);
  });
});

describe("nearbyDealers", () => {
  it("gives a few of the brand's new-car dealers in the province, with their count and the directory's link", async () => {
    const gauteng = await nearbyDealers({ brandId: toyotaId, province: "gauteng" });
    expect(gauteng).toEqual({
      total: 2,
      dealers: [
        { id: ids.get("toyota-menlyn"), name: "Toyota Menlyn", url: `/concessionnaires/${ids.get("toyota-menlyn")}-toyota-menlyn`, suburb: "Menlyn", town: "Pretoria", phone: "+27 10 555 0100", openingHours: menlynHours, isDemo: false },
        { id: ids.get("toyota-sandton"), name: "Toyota Sandton", url: `/concessionnaires/${ids.get("toyota-sandton")}-toyota-sandton`, suburb: "Bryanston", town: "Sandton", phone: "+27 10 555 0100", openingHours: null, isDemo: false },
      ],
      directoryUrl: "/concessionnaires?brand=toyota&province=gauteng&sells=new",
    });
    expect(await nearbyDealers({ brandId: toyotaId, province: "limpopo" })).toMatchObject({ total: 0, dealers: [] });
  });

  it("looks in the whole country without a province, and knows no unknown brand", async () => {
    const everywhere = await nearbyDealers({ brandId: toyotaId });
    expect(everywhere).toMatchObject({ total: 3, directoryUrl: "/concessionnaires?brand=toyota&sells=new" });
    expect(everywhere!.dealers.map((d) => d.name)).toEqual(["Durban Motor City", "Toyota Menlyn", "Toyota Sandton"]);
    expect(await nearbyDealers({ brandId: 999_999 })).toBeUndefined();
  });
});
