import { Newspaper } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/category";
import { ArticleCardView } from "~/features/editorial/components/article-card";
import { NewsPagination } from "~/features/editorial/components/news-pagination";
import { loadNewsCategory } from "~/features/editorial/news.server";
import { ALL_NEWS_PATH, NEWS_HUB_PATH, newsCategoryUrl } from "~/features/editorial/news-rules";
import { publicPageHeaders } from "~/lib/http-cache";
import { absoluteUrl, routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: ["page"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadNewsCategory(request, params);
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  if (!data) return routeMeta(args, {});
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  const origin = root?.origin ?? "";
  return [
    ...routeMeta(args, {
      title: `${data.category.name} news${data.page > 1 ? `, page ${data.page}` : ""}`,
      description: data.category.description,
      canonicalPath: data.canonicalPath,
    }),
    ...(data.prevPath ? [{ tagName: "link", rel: "prev", href: absoluteUrl(origin, data.prevPath) }] : []),
    ...(data.nextPath ? [{ tagName: "link", rel: "next", href: absoluteUrl(origin, data.nextPath) }] : []),
  ];
}

export default function NewsCategory({ loaderData }: Route.ComponentProps) {
  const { category, articles, page, pageCount, total } = loaderData;
  const basePath = newsCategoryUrl(category);
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Car news", to: NEWS_HUB_PATH }, { label: category.name }]} currentPath={basePath} />
      <header className="mt-4">
        <p className="text-sm font-bold tracking-wide text-primary-700 uppercase dark:text-primary-300">Car news</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{category.name}</h1>
        <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
          {category.description} {total} {total === 1 ? "article" : "articles"}
          {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}.
        </p>
      </header>
      {articles.length === 0 ? (
        <div className="card mt-6 flex flex-col items-center gap-3 p-10 text-center">
          <Newspaper className="size-8 text-slate-500" strokeWidth={1.75} aria-hidden="true" />
          <h2 className="text-lg font-bold">No {category.name.toLowerCase()} article yet</h2>
          <p className="text-slate-600 dark:text-slate-400">
            Read <Link to={ALL_NEWS_PATH} className="link">all the news</Link> in the meantime.
          </p>
        </div>
      ) : (
        <StaticIsland printed id={`news-category-${category.id}-${page}`} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {articles.map((article) => (
            <ArticleCardView key={article.id} article={article} headingLevel={2} />
          ))}
        </StaticIsland>
      )}
      <NewsPagination basePath={basePath} page={page} pageCount={pageCount} />
    </div>
  );
}
