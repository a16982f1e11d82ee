import { BadgePercent, Car, Gem, Scale, SlidersHorizontal, Sparkles, Zap } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/hub";
import { GuidePageHeader } from "~/features/catalogue/components/guide-page";
import { CardGridSection } from "~/ui/card-grid-section";
import { ModelCardView, PromotionCardView } from "~/features/catalogue/components/model-card";
import { currentPromotions, electricPicks, newArrivals, popularModels } from "~/features/catalogue/model-cards.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import type { PageQueryHandle } from "~/lib/page-query";

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

export async function loader() {
  const [popular, arrivals, electric, promotions] = await Promise.all([popularModels(8), newArrivals(4), electricPicks(4), currentPromotions(4)]);
  return { popular, arrivals, electric, promotions };
}

const sections = [
  { to: "/guide-auto/voitures-neuves", label: "New cars", line: "Every brand and model on sale, with rand prices.", Icon: Car },
  { to: "/voitures-neuves/recherche", label: "New-car search", line: "Filter by budget, body, fuel, gearbox and more.", Icon: SlidersHorizontal },
  { to: "/guide-auto/promos-du-moment", label: "Current promotions", line: "Deals running today, with the saving.", Icon: BadgePercent },
  { to: "/guide-auto/voitures-electriques", label: "Electric cars", line: "EVs and plug-in hybrids, range and battery.", Icon: Zap },
  { to: "/guide-auto/voitures-haut-de-gamme", label: "Premium cars", line: "Luxury and performance brands.", Icon: Gem },
  { to: "/guide-auto/nouveautes-au-marche", label: "New on the market", line: "Models launched in the last 12 months.", Icon: Sparkles },
  { to: "/comparateur", label: "Compare cars", line: "Put versions side by side, spec by spec.", Icon: Scale },
] as const;

export default function GuideHub({ loaderData }: Route.ComponentProps) {
  const { popular, arrivals, electric, promotions } = loaderData;
  return (
    <div className="container-page py-6 sm:py-8">
      <GuidePageHeader
        crumbs={[{ label: "Car guide" }]}
        path="/guide-auto"
        title="The South African car guide"
        intro={<p>Prices, specifications and deals for every new car sold in South Africa. Start with a brand, a budget or a kind of car.</p>}
      />

      <nav aria-labelledby="sections-heading" className="mb-14">
        <h2 id="sections-heading" className="sr-only">
          Sections of the car guide
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {sections.map(({ to, label, line, Icon }) => (
            <li key={to}>
              <Link to={to} className="card flex h-full items-start gap-3 p-4 transition-colors hover:border-primary-400">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300">
                  <Icon className="size-5" strokeWidth={1.75} aria-hidden="true" />
                </span>
                <span className="min-w-0">
                  <span className="block font-bold">{label}</span>
                  <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">{line}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="space-y-14">
        <CardGridSection scope="hub" name="popular" first="Popular" highlight="models" to="/guide-auto/voitures-neuves" linkLabel="All new cars">
          {popular.map((model) => (
            <ModelCardView key={model.id} model={model} />
          ))}
        </CardGridSection>
        {arrivals.length > 0 ? (
          <CardGridSection scope="hub" name="arrivals" first="New on the" highlight="market" to="/guide-auto/nouveautes-au-marche" linkLabel="All new arrivals">
            {arrivals.map((model) => (
              <ModelCardView key={model.id} model={model} />
            ))}
          </CardGridSection>
        ) : null}
        {electric.length > 0 ? (
          <CardGridSection scope="hub" name="electric" first="Electric" highlight="picks" to="/guide-auto/voitures-electriques" linkLabel="All electric cars">
            {electric.map((model) => (
              <ModelCardView key={model.id} model={model} />
            ))}
          </CardGridSection>
        ) : null}
        {promotions.length > 0 ? (
          <CardGridSection scope="hub" name="promotions" first="Current" highlight="promotions" to="/guide-auto/promos-du-moment" linkLabel="All promotions">
            {promotions.map((promotion) => (
              <PromotionCardView key={promotion.id} promotion={promotion} />
            ))}
          </CardGridSection>
        ) : null}
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: "Car guide: new cars in South Africa",
    description: "The South African car guide: every new car with rand prices, electric cars, premium models, new arrivals and this month's promotions.",
    canonicalPath: "/guide-auto",
  });
}
