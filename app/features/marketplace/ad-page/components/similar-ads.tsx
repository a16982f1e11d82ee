import { usePrintedList } from "~/lib/printed-data";
import type { AdCardData } from "../../types";
import { StaticIsland } from "~/ui/static-island";
import { AdCardItem } from "../../components/ad-card-item";
import { submitStaticFavourite } from "./favourite-toggle";

/** The key under which an ad page's loader keeps its similar ads for printing only (lib/printed-data). */
export const PRINTED_SIMILAR_ADS = "ad-similar-cards";

/**
 * An ad page's similar cars. `ads` is null when the document carries them as HTML only (the
 * loader kept them for printing, and the browser keeps the island's HTML); an empty list shows
 * nothing.
 */
export function SimilarAds({
  ads: given,
  savedIds,
  pagePath,
  heading = "Similar cars for sale",
}: {
  ads: AdCardData[] | null;
  savedIds: ReadonlySet<number>;
  /** The ad page's path: each ad's page has an island of its own. */
  pagePath: string;
  heading?: string;
}) {
  const { list: ads, shown } = usePrintedList(given, PRINTED_SIMILAR_ADS);
  if (!shown) return null;
  return (
    <section aria-labelledby="similar-heading" className="scroll-mt-24">
      <h2 id="similar-heading" className="text-2xl font-bold tracking-tight">
        {heading}
      </h2>
      {/* Printed, not hydrated, on the first load; another ad's page renders its own island. */}
      <StaticIsland key={pagePath} id={`similar-${pagePath.replace(/[^a-z0-9]+/gi, "-")}`} onSubmit={submitStaticFavourite}>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ads.map((ad) => (
            <AdCardItem key={ad.id} className="flex" ad={ad} saved={savedIds.has(ad.id)} headingLevel={3} />
          ))}
        </ul>
      </StaticIsland>
    </section>
  );
}
