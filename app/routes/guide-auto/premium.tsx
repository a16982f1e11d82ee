import { Gem } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/premium";
import { GUIDE_CRUMB, GuidePageHeader, ListEmptyState } from "~/features/catalogue/components/guide-page";
import { ModelCardView } from "~/features/catalogue/components/model-card";
import { EntryCompareLink } from "~/features/comparison/components/compare-link";
import { premiumModels } from "~/features/catalogue/lists.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

const PATH = "/guide-auto/voitures-haut-de-gamme";

export async function loader() {
  return { models: await premiumModels() };
}

export default function PremiumCars({ loaderData }: Route.ComponentProps) {
  const { models } = loaderData;
  const brandCount = new Set(models.map((m) => m.brandId)).size;
  return (
    <div className="container-page py-6 sm:py-8">
      <GuidePageHeader
        crumbs={[GUIDE_CRUMB, { label: "Premium cars" }]}
        path={PATH}
        title="Premium and luxury cars"
        intro={
          <p>
            {models.length} models from {brandCount} premium {brandCount === 1 ? "brand" : "brands"}: executive sedans, luxury SUVs and performance
            cars on sale in South Africa, most popular first.
          </p>
        }
      />
      {models.length === 0 ? (
        <ListEmptyState icon={<Gem className="size-6" strokeWidth={1.75} aria-hidden="true" />} title="No premium model on sale right now">
          <p>
            Browse <Link to="/guide-auto/voitures-neuves" className="link">every new car</Link> instead.
          </p>
        </ListEmptyState>
      ) : (
        <section aria-label="Premium models">
          <StaticIsland printed id="guide-premium-grid" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {models.map((model) => (
              <ModelCardView key={model.id} model={model} headingLevel={2} action={<EntryCompareLink model={model} />} />
            ))}
          </StaticIsland>
        </section>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: "Premium and luxury cars in South Africa",
    description: "Every premium, luxury and performance car on sale in South Africa, with rand prices and the number of versions.",
    canonicalPath: PATH,
  });
}
