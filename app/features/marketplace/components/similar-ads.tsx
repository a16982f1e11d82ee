import type { AdCardData } from "../types";
import { StaticIsland } from "~/ui/static-island";
import { AdCardItem } from "./ad-card-item";
import { submitStaticFavourite } from "./favourite-toggle";

export function SimilarAds({ ads, savedIds, redirectTo, heading = "Similar cars for sale" }: { ads: AdCardData[]; savedIds: ReadonlySet<number>; redirectTo: string; heading?: string }) {
  if (ads.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading" className="scroll-mt-24">
      <h2 id="similar-heading" className="text-2xl font-bold tracking-tight">
        {heading}
      </h2>
      {/* Printed, not hydrated, on the first load; another ad's page renders its own island. */}
      <StaticIsland key={redirectTo} id={`similar-${redirectTo.replace(/[^a-z0-9]+/gi, "-")}`} onSubmit={submitStaticFavourite}>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {/* Cards of live ads are printed once and kept (ad-card-html.server.tsx), as on the search pages. */}
          {ads.map((ad) => (
            <AdCardItem key={ad.id} className="flex" ad={ad} saved={savedIds.has(ad.id)} redirectTo={redirectTo} headingLevel={3} />
          ))}
        </ul>
      </StaticIsland>
    </section>
  );
}
