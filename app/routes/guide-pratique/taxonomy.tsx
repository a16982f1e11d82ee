import { BookOpen } from "lucide-react";
import { data, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/taxonomy";
import { FinanceCalculator } from "~/features/editorial/components/finance-calculator";
import { GuideCardView, TaxonomyIcon, TaxonomyLinks } from "~/features/editorial/components/guide-parts";
import { financeFields } from "~/features/editorial/finance-form";
import { parseFinanceForm } from "~/features/editorial/finance-schema";
import { FINANCE_TAXONOMY, guidePath, guideTaxonomyPath } from "~/features/editorial/guide-urls";
import { taxonomyPage } from "~/features/editorial/guides.server";
import { taxonomyPreview } from "~/features/previews/cards";
import { invalidParameter } from "~/lib/errors";
import { publicPageHeaders } from "~/lib/http-cache";
import { absoluteUrl, routeMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { JsonLd } from "~/ui/json-ld";
import type { PageQueryHandle } from "~/lib/page-query";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { AffordabilityForm } from "~/features/ownership-costs/components/affordability-form";
import { MARKETPLACE_SEARCH_PATH } from "~/features/marketplace/urls";
import { SEARCH_PATH } from "~/features/search/search-params";

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await taxonomyPage(params.taxonomy);
  if (!page) invalidParameter(url.pathname);
  // The finance taxonomy carries the repayment calculator; its form submits here (GET). A rate
  // left out is today's typical rate (the cost figures: prime plus a typical margin).
  const finance = page.taxonomy.slug === FINANCE_TAXONOMY ? await currentFinanceSummary() : null;
  const defaults = finance ? { rate: String(finance.terms.annualRatePercent) } : {};
  const calculator = page.taxonomy.slug === FINANCE_TAXONOMY ? parseFinanceForm(url.searchParams, defaults) : null;
  const hasErrors = calculator !== null && calculator.input === null;
  // Bad calculator values: the page still renders, messages under the fields, a 400 status
  // (never stored as the shared copy, never indexed).
  return data({ ...page, calculator, defaults, finance: finance ? { rate: finance.rate, note: finance.note } : null }, hasErrors ? { status: 400 } : undefined);
}

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: financeFields };

// The calculator keeps the address in sync as the visitor types: a new query string alone
// needs no new data (the browser computes the figures with the same rules).
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && (formMethod === undefined || formMethod === "GET")) return false;
  return defaultShouldRevalidate;
}

export default function GuideTaxonomyPage({ loaderData }: Route.ComponentProps) {
  const { taxonomy, guides, taxonomies, calculator, defaults, finance } = loaderData;
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const origin = root?.origin ?? site.url;
  const path = guideTaxonomyPath(taxonomy.slug);

  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: taxonomy.name }]} currentPath={path} />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "CollectionPage",
          name: taxonomy.name,
          description: taxonomy.description,
          url: absoluteUrl(origin, path),
          mainEntity: {
            "@type": "ItemList",
            itemListElement: guides.map((guide, index) => ({
              "@type": "ListItem",
              position: index + 1,
              url: absoluteUrl(origin, guidePath(taxonomy.slug, guide.slug)),
              name: guide.title,
            })),
          },
        }}
      />

      <header className="mt-4 max-w-3xl">
        <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
          <TaxonomyIcon slug={taxonomy.slug} /> Practical guide
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{taxonomy.name}</h1>
        <p className="mt-3 text-lg leading-7 text-slate-700 dark:text-slate-300">{taxonomy.description}</p>
      </header>

      {calculator ? (
        <section id="calculator" aria-labelledby="calculator-heading" className="card mt-8 scroll-mt-24 p-4 sm:p-6">
          <h2 id="calculator-heading" className="text-2xl font-extrabold tracking-tight">
            Repayment <span className="text-primary-700 dark:text-primary-300">calculator</span>
          </h2>
          <p className="mt-1 mb-5 text-slate-600 dark:text-slate-400">Your monthly instalment and what the loan costs in total, with or without a balloon.</p>
          <FinanceCalculator initial={calculator} action={`${path}#calculator`} defaults={defaults} rateNote={finance?.rate} />
        </section>
      ) : null}
      {calculator && finance ? (
        <AffordabilityForm className="mt-8" usedSearchPath={MARKETPLACE_SEARCH_PATH} newSearchPath={SEARCH_PATH} note={finance.note} />
      ) : null}

      <section aria-labelledby="guides-heading" className="mt-10">
        <h2 id="guides-heading" className="mb-5 text-2xl font-extrabold tracking-tight sm:text-3xl">
          {guides.length} {guides.length === 1 ? "guide" : "guides"} <span className="text-primary-700 dark:text-primary-300">to read</span>
        </h2>
        {guides.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {guides.map((guide) => (
              <li key={guide.slug}>
                <GuideCardView taxonomySlug={taxonomy.slug} guide={guide} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="card flex gap-3 p-6">
            <BookOpen className="size-6 shrink-0 text-primary-700 dark:text-primary-300" strokeWidth={1.75} aria-hidden="true" />
            <p>The guides on this topic are being written. In the meantime, the other topics below may help.</p>
          </div>
        )}
      </section>

      <nav aria-labelledby="topics-heading" className="mt-12 border-t border-slate-200 pt-8 dark:border-slate-800">
        <h2 id="topics-heading" className="mb-4 text-lg font-bold">
          Other practical guides
        </h2>
        <TaxonomyLinks taxonomies={taxonomies} current={taxonomy.slug} />
      </nav>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [];
  const finance = page.taxonomy.slug === FINANCE_TAXONOMY;
  return routeMeta(args, {
    title: finance ? `${page.taxonomy.name}: repayment calculator and guides` : `${page.taxonomy.name}: practical guides`,
    description: page.taxonomy.description,
    canonicalPath: guideTaxonomyPath(page.taxonomy.slug),
    image: taxonomyPreview(page),
  });
}
