import type { AdCardData } from "../types";
import { AdCard } from "./ad-card";

export function SimilarAds({ ads, savedIds, redirectTo, heading = "Similar cars for sale" }: { ads: AdCardData[]; savedIds: ReadonlySet<number>; redirectTo: string; heading?: string }) {
  if (ads.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading" className="scroll-mt-24">
      <h2 id="similar-heading" className="text-2xl font-bold tracking-tight">
        {heading}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {ads.map((ad) => (
          <li key={ad.id} className="flex">
            <AdCard ad={ad} saved={savedIds.has(ad.id)} redirectTo={redirectTo} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
