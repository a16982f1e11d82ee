import { CircleAlert } from "lucide-react";
import { type ComponentProps, type MouseEvent, useEffect, useRef } from "react";
import type { Route } from "./+types/comparator";
import { resolveSpecGroups } from "~/features/catalogue/spec-groups";
import { comparisonPage } from "~/features/comparison/comparison.server";
import { CarPatternDefs } from "~/features/comparison/components/car-swatch";
import { CarPicker } from "~/features/comparison/components/car-picker";
import { ComparisonTable } from "~/features/comparison/components/comparison-table";
import { CopyLinkButton, DiffSwitch, PrintButton } from "~/features/comparison/components/comparison-toolbar";
import { KeyFiguresChart } from "~/features/comparison/components/key-figures-chart";
import { PopularComparisons } from "~/features/comparison/components/popular-comparisons";
import { bestOf, carLabel, type ChartInput, type ComparedGroup, comparisonTableGroups, comparisonUrl, listText } from "~/features/comparison/rules";
import { compareSelection, MAX_COMPARED } from "~/features/comparison/selection";
import { comparisonPreview } from "~/features/previews/cards";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { StaticIsland } from "~/ui/static-island";
import "~/features/comparison/components/comparator.css";
import type { PageQueryHandle } from "~/lib/page-query";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { withInstalments } from "~/features/ownership-costs/finance-estimate";
import { FinanceNote, type Instalment } from "~/ui/finance-note";
import { usePrintedData } from "~/lib/printed-data";
import { forPrintingOnly } from "~/lib/printed-data.server";
import { MIN_COMPARABLES } from "~/features/marketplace/pricing/price-rating";
import { comparisonFigures, costComparisonRows } from "~/features/ownership-costs/comparison-rows";
import { comparedCarCosts } from "~/features/ownership-costs/ownership.server";
import { assumptionsSentence } from "~/features/ownership-costs/assumptions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams;
  const [page, finance] = await Promise.all([comparisonPage(searchParams), currentFinanceSummary()]);
  const { cars } = page;
  // Each car's instalment estimate from its price, a row of the table, the assumptions under it;
  // and the cost of ownership of each car on the default assumptions, as rows (issue 47).
  const instalments = withInstalments(cars, finance?.terms).map((car) => (car.onSale ? car.instalment : null));
  const { assumptions, costs } = await comparedCarCosts(cars, MIN_COMPARABLES);
  const costRows = cars.length ? costComparisonRows(costs, assumptions.years).map((row) => ({ ...row, best: bestOf(row.cells.map((c) => c.value), row.better) })) : [];
  const costGroup = costRows.length ? { key: "cost-of-ownership", title: "Cost of ownership", kind: "spec" as const, rows: costRows } : null;
  const diff = searchParams.get("diff") === "1" && cars.length > 1;
  const { groups, hiddenRows } = comparisonTableGroups(resolveSpecGroups(cars), costGroup, diff);
  const ids = cars.map((car) => car.id);
  // The table and the chart are printed once and kept as the server's HTML (static islands):
  // their data stays out of the hydration data of a document (decision 025).
  const table: ComparatorTable = {
    columns: cars.map((car) => ({ car, label: carLabel(car), removeUrl: comparisonUrl(ids.filter((id) => id !== car.id), { diff }) })),
    groups,
    instalments,
    chart: cars,
  };
  return {
    ...page,
    cars: cars.map(({ id, brandName, modelName, name, priceZar, bodyType, colour }) => ({ id, brandName, modelName, name, priceZar, bodyType, colour })),
    diff,
    hiddenRows,
    hasRows: groups.length > 0,
    table: forPrintingOnly(context, PRINTED_TABLE, table) ?? null,
    financeNote: finance && instalments.some(Boolean) ? finance.note : null,
    ownership: cars.length
      ? {
          sentence: assumptionsSentence(assumptions, "petrol"),
          figures: comparisonFigures(costs),
        }
      : null,
  };
}

const PRINTED_TABLE = "comparator-table";

interface ComparatorTable {
  columns: ComponentProps<typeof ComparisonTable>["columns"];
  groups: ComparedGroup[];
  instalments: (Instalment | null)[];
  chart: ChartInput[];
}

// The page depends on the URL alone.
export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: ["versions", "diff", "pick_brand", "pick_model"] };

export default function Comparator({ loaderData }: Route.ComponentProps) {
  const { cars, notices, picker, popular, canonicalPath, financeNote, ownership, diff, hiddenRows, hasRows } = loaderData;
  // On a document's first render the table comes from what the loader kept for printing; while
  // hydrating it is absent and the islands keep the server's HTML.
  const printedTable = usePrintedData<ComparatorTable>(PRINTED_TABLE);
  const table = loaderData.table ?? printedTable;
  const ids = cars.map((car) => car.id);
  const labels = cars.map(carLabel);
  const rootRef = useRef<HTMLDivElement>(null);
  const sharePath = comparisonUrl(ids, { diff });
  const idsKey = ids.join(",");

  // The tray shows what the page shows.
  useEffect(() => {
    if (cars.length > 0) compareSelection.set(cars.map((car) => ({ id: car.id, label: carLabel(car) })));
  }, [idsKey]);

  // The car headers stick right under the site header, whatever its height at this width.
  useEffect(() => {
    const header = document.querySelector("body header");
    const root = rootRef.current;
    if (!(header instanceof HTMLElement) || !root) return;
    const update = () => root.style.setProperty("--cmp-top", `${header.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  // A car's remove link also takes it out of the tray (the link itself works without scripts).
  const onRemoveClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.("a[data-remove-id]");
    const id = Number(link?.getAttribute("data-remove-id"));
    if (id) compareSelection.remove(id);
  };

  return (
    <div ref={rootRef} className="cmp-root container-page py-6 sm:py-8" onClickCapture={onRemoveClick}>
      <CarPatternDefs />
      <Breadcrumbs crumbs={[{ label: "Comparator" }]} currentPath={canonicalPath} />
      <div className="mt-4 mb-6">
        <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">Comparator</p>
        {cars.length === 0 ? (
          <>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">Compare new cars</h1>
            <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
              Put up to {MAX_COMPARED} new cars side by side: price, engine, performance, consumption, size and every item of equipment, with the best value of
              each row marked. Choose a first car below, or start from a popular comparison.
            </p>
          </>
        ) : (
          <h1 className="mt-1 text-xl font-extrabold tracking-tight text-balance sm:text-3xl">
            {labels.map((label, index) => (
              <span key={index}>
                {index > 0 ? <span className="font-semibold text-slate-500 dark:text-slate-400"> vs </span> : null}
                {label}
              </span>
            ))}
          </h1>
        )}
      </div>

      {notices.length > 0 ? (
        <div role="status" className="mb-6 flex gap-3 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <CircleAlert className="size-5 shrink-0" strokeWidth={1.75} aria-hidden="true" />
          <div>
            <p className="font-semibold">Some of the cars asked for could not be shown:</p>
            <ul className="mt-1 list-disc pl-5">
              {notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      {cars.length === 0 ? (
        <>
          <CarPicker picker={picker} ids={ids} diff={false} prominent />
          <PopularComparisons comparisons={popular} />
        </>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3" data-print="hide">
            {cars.length > 1 ? (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <DiffSwitch on={diff} toggleUrl={comparisonUrl(ids, { diff: !diff })} />
                <span className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
                  {diff ? `${hiddenRows} identical ${hiddenRows === 1 ? "row" : "rows"} hidden` : ""}
                </span>
              </div>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">Add a second car to see which is best at what.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <CopyLinkButton path={sharePath} />
              <PrintButton />
            </div>
          </div>

          {cars.length > 2 ? (
            <p className="mb-2 text-sm text-slate-600 md:hidden dark:text-slate-400" data-print="hide">
              Swipe the table sideways to see every car; the row names stay in place.
            </p>
          ) : null}
          {hasRows ? (
            // Kept as the server's HTML on the first load (no hydration of a few hundred cells);
            // switching the differences or the cars renders it afresh under a new id.
            <StaticIsland printed key={`${idsKey}-${diff ? 1 : 0}`} id={`cmp-table-${ids.join("-")}-${diff ? 1 : 0}`}>
              {table ? <ComparisonTable columns={table.columns} groups={table.groups} instalments={table.instalments} /> : null}
            </StaticIsland>
          ) : (
            <p className="card p-5 text-slate-700 dark:text-slate-300">These cars show the same value in every row: there is no difference to show.</p>
          )}
          {financeNote && hasRows ? <FinanceNote note={financeNote} className="mt-2" /> : null}
          {ownership ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400" data-testid="cost-comparison-note">
              Cost of ownership: {ownership.sentence.replace(", 95 petrol,", " (95 petrol, diesel, or home charging for an electric car),")} Figures:{" "}
              {ownership.figures.map((f) => `${f.label} ${f.asOf}${f.estimate ? " (Voitura's estimate)" : ""}`).join("; ")}. Each car's page shows the sources and lets you change the assumptions.
            </p>
          ) : null}

          {cars.length < MAX_COMPARED ? (
            <div className="mt-8">
              <CarPicker picker={picker} ids={ids} diff={diff} />
            </div>
          ) : null}

          {cars.length > 1 ? (
            <section aria-labelledby="chart-heading" className="mt-10">
              <h2 id="chart-heading" className="mb-4 text-2xl font-extrabold tracking-tight">
                Key figures <span className="text-primary-700 dark:text-primary-300">at a glance</span>
              </h2>
              <StaticIsland printed key={idsKey} id={`cmp-chart-${ids.join("-")}`}>
                {table ? <KeyFiguresChart cars={table.chart} labels={labels} /> : null}
              </StaticIsland>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page || page.cars.length === 0) {
    return routeMeta(args, {
      title: "Compare new cars",
      description: `Compare up to ${MAX_COMPARED} new cars on sale in South Africa side by side: prices in ZAR, engines, performance, consumption, dimensions and equipment, with the best values marked.`,
      canonicalPath: "/comparateur",
      noindex: page ? page.notices.length > 0 : false,
    });
  }
  const labels = page.cars.map(carLabel);
  return routeMeta(args, {
    title: labels.join(" vs "),
    description: `${listText(labels)} compared side by side: price, power, 0–100 km/h, consumption, boot, warranty and equipment, with the best value of each row marked.`,
    canonicalPath: page.canonicalPath,
    // A URL that asked for cars it could not show is not a page to index; its canonical is.
    noindex: page.notices.length > 0,
    image: comparisonPreview(page.cars),
  });
}
