import { BatteryCharging, Gauge, PlugZap, Zap } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/electric";
import { formatSpan, GUIDE_CRUMB, GuidePageHeader, ListEmptyState } from "~/features/catalogue/components/guide-page";
import { CardGridSection } from "~/ui/card-grid-section";
import { ModelCardView } from "~/features/catalogue/components/model-card";
import { EntryCompareLink } from "~/features/comparison/components/compare-link";
import { electricModels } from "~/features/catalogue/lists.server";
import type { ElectricModelCard } from "~/features/catalogue/types";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import type { PageQueryHandle } from "~/lib/page-query";
import { versionUrl } from "~/features/catalogue/urls";
import { ElectricCardLine, ElectricRunningIntro, type ElectricRunningLine } from "~/features/ownership-costs/components/electric-running";
import { electricRunningRows } from "~/features/ownership-costs/ownership.server";

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

const PATH = "/guide-auto/voitures-electriques";

export async function loader() {
  const [models, rows] = await Promise.all([electricModels(), electricRunningRows()]);
  // Rand per 100 km of each model's cheapest version (issue 47), by model id; the figures they use, once.
  const running: Record<number, ElectricRunningLine> = {};
  for (const { modelId, costs, ...row } of rows) {
    const { assumptions: _figures, ...perCar } = costs;
    running[modelId] = { path: `${versionUrl(row.brandSlug, row.modelSlug, { id: row.versionId, slug: row.versionSlug })}#cost-of-ownership`, versionName: row.versionName, costs: perCar };
  }
  const runningFigures = rows.find((r) => r.fuel === "plug-in-hybrid")?.costs.assumptions ?? rows[0]?.costs.assumptions ?? [];
  return { electric: models.filter((m) => m.fullyElectric), pluginHybrids: models.filter((m) => !m.fullyElectric), running, runningFigures };
}

function ElectricFigures({ model }: { model: ElectricModelCard }) {
  const range = formatSpan(model.minRangeKm, model.maxRangeKm, "km");
  const battery = formatSpan(model.minBatteryKwh, model.maxBatteryKwh, "kWh");
  return (
    <dl className="grid grid-cols-2 gap-2 rounded-lg bg-emerald-50 p-2 text-sm dark:bg-emerald-950/50">
      <div>
        <dt className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
          <Gauge className="size-3.5" strokeWidth={1.75} aria-hidden="true" /> {model.fullyElectric ? "Range" : "Electric range"}
        </dt>
        <dd className="tabular font-bold">{range ?? "-"}</dd>
      </div>
      <div>
        <dt className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
          <BatteryCharging className="size-3.5" strokeWidth={1.75} aria-hidden="true" /> Battery
        </dt>
        <dd className="tabular font-bold">{battery ?? "-"}</dd>
      </div>
    </dl>
  );
}

export default function ElectricCars({ loaderData }: Route.ComponentProps) {
  const { electric, pluginHybrids, running, runningFigures } = loaderData;
  return (
    <div className="container-page py-6 sm:py-8">
      <GuidePageHeader
        crumbs={[GUIDE_CRUMB, { label: "Electric cars" }]}
        path={PATH}
        title="Electric and plug-in hybrid cars"
        intro={
          <p>
            {electric.length} fully electric and {pluginHybrids.length} plug-in hybrid models on sale in South Africa, with the claimed range and
            the battery size of their versions. Longest range first.
          </p>
        }
      />

      <aside aria-labelledby="explainer-heading" className="mb-12 grid gap-4 rounded-[var(--radius-card)] bg-slate-50 p-5 sm:grid-cols-2 sm:p-6 dark:bg-slate-900">
        <h2 id="explainer-heading" className="text-lg font-bold sm:col-span-2">
          Electric or plug-in hybrid?
        </h2>
        <div className="flex gap-3">
          <Zap className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" strokeWidth={1.75} aria-hidden="true" />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <strong>A battery-electric car</strong> runs on its battery alone: no fuel, no tailpipe. Charge at home overnight or at a public DC charger
            on longer trips; the range is the distance on a full charge.
          </p>
        </div>
        <div className="flex gap-3">
          <PlugZap className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" strokeWidth={1.75} aria-hidden="true" />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <strong>A plug-in hybrid</strong> pairs a smaller battery with a petrol engine: everyday trips on electricity, long trips on fuel. Its range
            is the electric part only. Ranges are the makers' combined figures; expect less at highway speed.
          </p>
        </div>
      </aside>

      {runningFigures.length > 0 ? <ElectricRunningIntro figures={runningFigures} /> : null}

      {electric.length + pluginHybrids.length === 0 ? (
        <ListEmptyState icon={<Zap className="size-6" strokeWidth={1.75} aria-hidden="true" />} title="No electric car on sale right now">
          <p>
            Browse <Link to="/guide-auto/voitures-neuves" className="link">every new car</Link> in the meantime.
          </p>
        </ListEmptyState>
      ) : (
        <div className="space-y-14">
          {electric.length > 0 ? (
            <CardGridSection scope="ev" name="electric" first="Fully" highlight="electric">
              {electric.map((model) => (
                <ModelCardView key={model.id} model={model} action={<EntryCompareLink model={model} />}>
                  <ElectricFigures model={model} />
                  {running[model.id] ? <ElectricCardLine line={running[model.id]!} /> : null}
                </ModelCardView>
              ))}
            </CardGridSection>
          ) : null}
          {pluginHybrids.length > 0 ? (
            <CardGridSection scope="ev" name="plug-in-hybrids" first="Plug-in" highlight="hybrids">
              {pluginHybrids.map((model) => (
                <ModelCardView key={model.id} model={model} action={<EntryCompareLink model={model} />}>
                  <ElectricFigures model={model} />
                  {running[model.id] ? <ElectricCardLine line={running[model.id]!} /> : null}
                </ModelCardView>
              ))}
            </CardGridSection>
          ) : null}
        </div>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: "Electric cars in South Africa: range, battery and prices",
    description: "Every battery-electric and plug-in hybrid car on sale in South Africa, with its range in km, battery size in kWh and rand price.",
    canonicalPath: PATH,
  });
}
