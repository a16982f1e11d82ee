import { Newspaper } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/hub";
import { ArticleCardView } from "~/features/editorial/components/article-card";
import { loadNewsHub } from "~/features/editorial/news.server";
import { ALL_NEWS_PATH, NEWS_HUB_PATH, newsCategoryUrl } from "~/features/editorial/news-rules";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

export async function loader() {
  return loadNewsHub();
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: "Car news in South Africa",
    description: "South African car news: new launches with rand prices, road tests, sales figures, electric cars, motorsport and buying advice.",
    canonicalPath: NEWS_HUB_PATH,
  });
}

export default function NewsHub({ loaderData }: Route.ComponentProps) {
  const { lead, latest, sections, total } = loaderData;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Car news" }]} currentPath={NEWS_HUB_PATH} />
      <header className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Car news</h1>
          <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">Launches, road tests, sales and the road ahead for South African drivers.</p>
        </div>
        <Link to={ALL_NEWS_PATH} className="btn-secondary">
          All {total} articles
        </Link>
      </header>

      {lead ? (
        <StaticIsland printed id="news-hub-top" className="mt-6 grid gap-6">
          <section aria-label="Lead story">
            <ArticleCardView article={lead} lead headingLevel={2} />
          </section>
          <section aria-labelledby="latest-heading">
            <h2 id="latest-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
              Latest news
            </h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {latest.map((article) => (
                <ArticleCardView key={article.id} article={article} />
              ))}
            </div>
          </section>
        </StaticIsland>
      ) : (
        <div className="card mt-6 flex flex-col items-center gap-3 p-10 text-center">
          <Newspaper className="size-8 text-slate-500" strokeWidth={1.75} aria-hidden="true" />
          <h2 className="text-lg font-bold">No news yet</h2>
          <p className="text-slate-600 dark:text-slate-400">
            Meanwhile, browse <Link to="/guide-auto/voitures-neuves" className="link">every new car on sale</Link>.
          </p>
        </div>
      )}

      <StaticIsland printed id="news-hub-sections" className="mt-10 grid gap-10">
        {sections.map(({ category, articles }) => (
          <section key={category.id} aria-labelledby={`category-${category.id}`} className="border-t border-slate-200 pt-6 dark:border-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`category-${category.id}`} className="text-xl font-bold tracking-tight sm:text-2xl">
                {category.name}
              </h2>
              <Link to={newsCategoryUrl(category)} className="link text-sm">
                More {category.name.toLowerCase()}<span className="sr-only"> news</span> →
              </Link>
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{category.description}</p>
            <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {articles.map((article) => (
                <ArticleCardView key={article.id} article={article} showSummary={false} />
              ))}
            </div>
          </section>
        ))}
      </StaticIsland>
    </div>
  );
}
