import type { Route } from "./+types/all-news";
import { ArticleCardView } from "~/features/editorial/components/article-card";
import { NewsPagination } from "~/features/editorial/components/news-pagination";
import { loadNewsList } from "~/features/editorial/news.server";
import { ALL_NEWS_PATH, NEWS_HUB_PATH } from "~/features/editorial/news-rules";
import { publicPageHeaders } from "~/lib/http-cache";
import { absoluteUrl, routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: ["page"] };

export async function loader({ request }: Route.LoaderArgs) {
  return loadNewsList(request);
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  const page = data?.page ?? 1;
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  const origin = root?.origin ?? "";
  return [
    ...routeMeta(args, {
      title: page > 1 ? `All the car news, page ${page}` : "All the car news",
      description: "Every Voitura car news article, newest first: launches, road tests, industry, electric cars, motorsport and advice for South African drivers.",
      canonicalPath: data?.canonicalPath ?? ALL_NEWS_PATH,
    }),
    ...(data?.prevPath ? [{ tagName: "link", rel: "prev", href: absoluteUrl(origin, data.prevPath) }] : []),
    ...(data?.nextPath ? [{ tagName: "link", rel: "next", href: absoluteUrl(origin, data.nextPath) }] : []),
  ];
}

export default function AllNews({ loaderData }: Route.ComponentProps) {
  const { articles, page, pageCount, total } = loaderData;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Car news", to: NEWS_HUB_PATH }, { label: "All the news" }]} currentPath={ALL_NEWS_PATH} />
      <header className="mt-4">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">All the news</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {total} articles, newest first{pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}.
        </p>
      </header>
      <StaticIsland printed id={`news-list-${page}`} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {articles.map((article) => (
          <ArticleCardView key={article.id} article={article} headingLevel={2} />
        ))}
      </StaticIsland>
      <NewsPagination basePath={ALL_NEWS_PATH} page={page} pageCount={pageCount} />
    </div>
  );
}
