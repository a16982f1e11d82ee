// The representative used-car searches of the bench (shoppers' usual filters, sorts and deep
// pages), shared by the engine-only bench and the one over PostgreSQL, so their figures compare.

export const representativeSearches: readonly string[] = [
  "",
  "sort=price-asc",
  "sort=km-asc",
  "sort=rating",
  "make1=toyota",
  "make1=toyota&model1=hilux",
  "make1=volkswagen&model1=polo-vivo&make2=toyota&model2=etios&make3=suzuki&model3=swift",
  "province=gauteng",
  "province=western-cape&city=cape-town&sort=price-desc",
  "price_max=200000",
  "price_min=150000&price_max=350000&year_min=2018",
  "body=suv&fuel=diesel&transmission=automatic",
  "drive=4x4&body=bakkie&km_max=150000",
  "make1=bmw&colour=black&seller=dealer",
  "fuel=electric&photos=1",
  "year_min=2022&sort=year-desc",
  "seller=private&province=kwazulu-natal&price_max=150000",
  "make1=ford&model1=ranger&drive=4x4&year_min=2016&km_max=200000&province=gauteng",
  "q=full service history&province=gauteng",
  "page=40",
  "sort=price-asc&page=200",
];

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
