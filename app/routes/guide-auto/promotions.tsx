import { BadgePercent } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/promotions";
import { GUIDE_CRUMB, GuidePageHeader, ListEmptyState } from "~/features/catalogue/components/guide-page";
import { PromotionCardView } from "~/features/catalogue/components/model-card";
import { CompareLink } from "~/features/comparison/components/compare-link";
import { currentPromotions } from "~/features/catalogue/model-cards.server";
import { formatPrice } from "~/lib/format";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

const PATH = "/guide-auto/promos-du-moment";
/** Far more than ever run at once: the page lists every active promotion. */
const ALL = 500;

export async function loader() {
  return { promotions: await currentPromotions(ALL) };
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { promotions } = loaderData;
  const biggest = promotions.reduce((max, p) => Math.max(max, p.oldPriceZar - p.newPriceZar), 0);
  return (
    <div className="container-page py-6 sm:py-8">
      <GuidePageHeader
        crumbs={[GUIDE_CRUMB, { label: "Current promotions" }]}
        path={PATH}
        title="Current promotions"
        intro={
          promotions.length > 0 ? (
            <p>
              {promotions.length} {promotions.length === 1 ? "deal" : "deals"} running today on new cars in South Africa, biggest saving first
              {biggest > 0 ? <> (up to {formatPrice(biggest, { withCurrency: true })} off)</> : null}. Each one links to the version it applies to.
            </p>
          ) : (
            <p>Deals running today on new cars in South Africa.</p>
          )
        }
      />
      {promotions.length === 0 ? (
        <ListEmptyState icon={<BadgePercent className="size-6" strokeWidth={1.75} aria-hidden="true" />} title="No promotion is running today">
          <p>New deals start every month. Meanwhile, compare prices across every brand.</p>
          <p className="mt-4">
            <Link to="/guide-auto/voitures-neuves" className="btn-primary">
              Browse new cars
            </Link>
          </p>
        </ListEmptyState>
      ) : (
        <section aria-label="Promotions">
          <StaticIsland printed id="guide-promotions-grid" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {promotions.map((promotion) => (
              <PromotionCardView
                key={promotion.id}
                promotion={promotion}
                headingLevel={2}
                action={<CompareLink versionId={promotion.versionId} label={`${promotion.brandName} ${promotion.modelName} ${promotion.versionName}`} />}
              />
            ))}
          </StaticIsland>
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">Promotions are the dealers' offers while stocks last; confirm with the dealer before you buy.</p>
        </section>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: "New car promotions this month",
    description: "Every new-car promotion running today in South Africa, with the old and new price, the saving and the end date.",
    canonicalPath: PATH,
  });
}
