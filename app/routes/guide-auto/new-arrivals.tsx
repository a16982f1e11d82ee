import { CalendarDays, Sparkles } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/new-arrivals";
import { formatMonth, GUIDE_CRUMB, GuidePageHeader, ListEmptyState } from "~/features/catalogue/components/guide-page";
import { ModelCardView } from "~/features/catalogue/components/model-card";
import { EntryCompareLink } from "~/features/comparison/components/compare-link";
import { newArrivals } from "~/features/catalogue/model-cards.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

const PATH = "/guide-auto/nouveautes-au-marche";
/** Every model launched in the last 12 months (far fewer than this). */
const ALL = 500;

export async function loader() {
  return { models: await newArrivals(ALL) };
}

export default function NewArrivals({ loaderData }: Route.ComponentProps) {
  const { models } = loaderData;
  return (
    <div className="container-page py-6 sm:py-8">
      <GuidePageHeader
        crumbs={[GUIDE_CRUMB, { label: "New on the market" }]}
        path={PATH}
        title="New on the market"
        intro={<p>{models.length} models launched in South Africa in the last 12 months, newest first.</p>}
      />
      {models.length === 0 ? (
        <ListEmptyState icon={<Sparkles className="size-6" strokeWidth={1.75} aria-hidden="true" />} title="No launch in the last 12 months">
          <p>
            Browse <Link to="/guide-auto/voitures-neuves" className="link">every new car</Link> instead.
          </p>
        </ListEmptyState>
      ) : (
        <section aria-label="New arrivals">
          <StaticIsland printed id="guide-arrivals-grid" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {models.map((model) => (
              <ModelCardView key={model.id} model={model} headingLevel={2} action={<EntryCompareLink model={model} />}>
                <p className="flex items-center gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-300">
                  <CalendarDays className="size-4" strokeWidth={1.75} aria-hidden="true" />
                  Launched <time dateTime={model.launchDate.slice(0, 7)}>{formatMonth(model.launchDate)}</time>
                </p>
              </ModelCardView>
            ))}
          </StaticIsland>
        </section>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: "New cars launched in the last 12 months",
    description: "Every new model launched in South Africa in the last 12 months, newest first, with its launch month and rand price.",
    canonicalPath: PATH,
  });
}
