import { Calculator, ChevronRight } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/guide";
import { GuideFacts, TaxonomyIcon, TaxonomyLinks } from "~/features/editorial/components/guide-parts";
import { CALCULATOR_PATH, FINANCE_TAXONOMY, guidePath, guideTaxonomyPath } from "~/features/editorial/guide-urls";
import { guidePage } from "~/features/editorial/guides.server";
import { guidePreview } from "~/features/previews/cards";
import { invalidParameter } from "~/lib/errors";
import { publicPageHeaders } from "~/lib/http-cache";
import { PUBLISHER_LOGO_PATH, PUBLISHER_LOGO_SIZE } from "~/lib/link-preview";
import { absoluteUrl, routeMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { JsonLd } from "~/ui/json-ld";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await guidePage(params.taxonomy, params.slug);
  if (!page) invalidParameter(new URL(request.url).pathname);
  return page;
}

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  const { taxonomy, guide, guides, taxonomies } = loaderData;
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const origin = root?.origin ?? site.url;
  const path = guidePath(taxonomy.slug, guide.slug);
  const finance = taxonomy.slug === FINANCE_TAXONOMY;

  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: taxonomy.name, to: guideTaxonomyPath(taxonomy.slug) }, { label: guide.title }]} currentPath={path} />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Article",
          headline: guide.title,
          description: guide.summary,
          dateModified: new Date(guide.updatedAt).toISOString(),
          articleSection: taxonomy.name,
          inLanguage: "en-ZA",
          url: absoluteUrl(origin, path),
          mainEntityOfPage: absoluteUrl(origin, path),
          image: [absoluteUrl(origin, guidePreview(loaderData).path)],
          author: { "@type": "Organization", name: site.name, url: origin },
          publisher: {
            "@type": "Organization",
            name: site.name,
            url: origin,
            logo: { "@type": "ImageObject", url: absoluteUrl(origin, PUBLISHER_LOGO_PATH), width: PUBLISHER_LOGO_SIZE, height: PUBLISHER_LOGO_SIZE },
          },
        }}
      />

      <div className="mt-4 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-12">
        <article aria-labelledby="guide-heading" className="min-w-0">
          <header className="max-w-3xl">
            <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
              <TaxonomyIcon slug={taxonomy.slug} /> {taxonomy.name}
            </p>
            <h1 id="guide-heading" className="mt-1 text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl">
              {guide.title}
            </h1>
            <p className="mt-3 text-lg leading-7 text-slate-700 dark:text-slate-300">{guide.summary}</p>
            <GuideFacts readingMinutes={guide.readingMinutes} updatedAt={guide.updatedAt} className="mt-4 border-b border-slate-200 pb-5 dark:border-slate-800" />
          </header>

          {finance ? <CalculatorLink className="mt-6 max-w-3xl" /> : null}

          {/* Sanitised at import; printed as it is and never hydrated. */}
          <StaticIsland key={path} id={`guide-body-${taxonomy.slug}-${guide.slug}`} className="article-body mt-6 max-w-3xl">
            <div dangerouslySetInnerHTML={{ __html: guide.bodyHtml }} />
          </StaticIsland>
        </article>

        <aside aria-label="More practical guides" className="space-y-8 lg:sticky lg:top-24 lg:self-start">
          <nav aria-labelledby="siblings-heading">
            <h2 id="siblings-heading" className="mb-3 text-lg font-bold">
              More on {taxonomy.name.toLowerCase()}
            </h2>
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-[var(--radius-card)] border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {guides.map((sibling) => {
                const current = sibling.slug === guide.slug;
                return (
                  <li key={sibling.slug}>
                    {current ? (
                      <span aria-current="page" className="block border-l-4 border-primary-600 bg-primary-50 px-4 py-3 text-sm font-semibold dark:bg-primary-900/40">
                        {sibling.title}
                      </span>
                    ) : (
                      <Link
                        to={guidePath(taxonomy.slug, sibling.slug)}
                        className="flex items-center justify-between gap-2 px-4 py-3 text-sm font-medium hover:bg-slate-50 hover:text-primary-700 dark:hover:bg-slate-900 dark:hover:text-primary-300"
                      >
                        {sibling.title}
                        <ChevronRight className="size-4 shrink-0 text-slate-500" strokeWidth={1.75} aria-hidden="true" />
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
          <nav aria-labelledby="topics-heading">
            <h2 id="topics-heading" className="mb-3 text-lg font-bold">
              Other topics
            </h2>
            <TaxonomyLinks taxonomies={taxonomies} current={taxonomy.slug} />
          </nav>
        </aside>
      </div>
    </div>
  );
}

function CalculatorLink({ className = "" }: { className?: string }) {
  return (
    <Link
      to={CALCULATOR_PATH}
      className={`flex items-center gap-3 rounded-[var(--radius-card)] border border-primary-200 bg-primary-50 p-4 font-semibold text-primary-800 hover:border-primary-400 dark:border-primary-800 dark:bg-primary-900/40 dark:text-primary-200 ${className}`}
    >
      <Calculator className="size-6 shrink-0" strokeWidth={1.75} aria-hidden="true" />
      <span>
        Work out your instalment with the repayment calculator
        <span className="block text-sm font-normal text-slate-700 dark:text-slate-300">Price, deposit, balloon, term and rate: the monthly figure and the total cost.</span>
      </span>
    </Link>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [];
  return routeMeta(args, {
    title: page.guide.title,
    description: page.guide.summary,
    canonicalPath: guidePath(page.taxonomy.slug, page.guide.slug),
    type: "article",
    image: guidePreview(page),
  });
}
