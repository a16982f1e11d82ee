import { UserRound } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/article";
import { ArticleCardView, ArticleCover, ArticleMeta } from "~/features/editorial/components/article-card";
import { ShareButtons } from "~/features/editorial/components/share-buttons";
import { BannerSlot } from "~/features/banners/components/banner-slot";
import { bannerForSlot } from "~/features/banners/banners.server";
import { loadArticle } from "~/features/editorial/news.server";
import { NEWS_HUB_PATH, formatArticleDate, newsArticleJsonLd, newsCategoryUrl } from "~/features/editorial/news-rules";
import { articlePreview } from "~/features/previews/cards";
import { publicPageHeaders } from "~/lib/http-cache";
import { PUBLISHER_LOGO_PATH, PUBLISHER_LOGO_SIZE } from "~/lib/link-preview";
import { absoluteUrl, routeMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { CarIllustration } from "~/ui/car-illustration";
import { JsonLd } from "~/ui/json-ld";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadArticle(request, params);
  return { ...page, banner: await bannerForSlot("article-inline") };
}

export function meta(args: Route.MetaArgs) {
  const article = args.loaderData?.article;
  if (!article) return routeMeta(args, {});
  return [
    ...routeMeta(args, { title: article.title, description: article.summary, canonicalPath: article.url, type: "article", image: articlePreview(article) }),
    { property: "article:published_time", content: article.publishedAt },
    { property: "article:modified_time", content: article.updatedAt },
    { property: "article:section", content: article.categoryName },
  ];
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const origin = root?.origin ?? site.url;
  const pageUrl = absoluteUrl(origin, article.url);
  const category = { id: article.categoryId, slug: article.categorySlug };
  const updated = article.updatedAt.slice(0, 10) !== article.publishedAt.slice(0, 10);

  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[{ label: "Car news", to: NEWS_HUB_PATH }, { label: article.categoryName, to: newsCategoryUrl(category) }, { label: article.title }]}
        currentPath={article.url}
      />
      <JsonLd
        data={newsArticleJsonLd({
          title: article.title,
          summary: article.summary,
          url: pageUrl,
          author: article.author,
          publishedAt: article.publishedAt,
          updatedAt: article.updatedAt,
          section: article.categoryName,
          siteName: site.name,
          siteUrl: absoluteUrl(origin, "/"),
          image: absoluteUrl(origin, articlePreview(article).path),
          publisherLogo: { url: absoluteUrl(origin, PUBLISHER_LOGO_PATH), width: PUBLISHER_LOGO_SIZE, height: PUBLISHER_LOGO_SIZE },
          mentions: article.models.map((m) => ({ name: `${m.brandName} ${m.name}`, url: absoluteUrl(origin, m.url) })),
        })}
      />

      <article aria-labelledby="article-heading" className="mx-auto mt-5 max-w-3xl">
        <header>
          <p className="text-sm font-bold tracking-wide text-primary-700 uppercase dark:text-primary-300">
            <Link to={newsCategoryUrl(category)} className="hover:underline">
              {article.categoryName}
            </Link>
          </p>
          <h1 id="article-heading" className="mt-2 text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl">
            {article.title}
          </h1>
          <p className="mt-4 text-lg leading-8 text-slate-700 dark:text-slate-300">{article.summary}</p>
          <div className="mt-5 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4 dark:border-slate-800">
            <div className="flex items-center gap-3">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                <UserRound className="size-5" strokeWidth={1.75} aria-hidden="true" />
              </span>
              <div>
                <p className="font-semibold">
                  <span className="sr-only">By </span>
                  {article.author}
                </p>
                <ArticleMeta article={article} />
                {updated ? (
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Updated <time dateTime={article.updatedAt}>{formatArticleDate(article.updatedAt)}</time>
                  </p>
                ) : null}
              </div>
            </div>
            <ShareButtons url={pageUrl} title={article.title} />
          </div>
        </header>

        <ArticleCover article={article} className="mt-6 aspect-[16/9] rounded-[var(--radius-card)] px-6 pt-8 sm:aspect-[2/1] sm:px-16" title={`Illustration: ${article.title}`} />

        <StaticIsland id={`article-body-${article.id}`}>
          <div className="article-body mt-8" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
        </StaticIsland>
        <BannerSlot banner={loaderData.banner} belowFold className="mt-10" />

        {article.models.length ? (
          <section aria-labelledby="models-heading" className="mt-10 rounded-[var(--radius-card)] bg-slate-50 p-5 dark:bg-slate-900">
            <h2 id="models-heading" className="text-lg font-bold">
              Models in this article
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {article.models.map((model) => (
                <li key={model.id}>
                  <Link to={model.url} className="card flex items-center gap-3 p-3 hover:shadow-md" prefetch="intent">
                    <CarIllustration bodyType={model.bodyType} colour={model.colour} className="h-10 w-20 shrink-0" />
                    <span className="font-semibold">
                      <span className="text-slate-600 dark:text-slate-400">{model.brandName}</span> {model.name}
                      <span className="block text-sm font-medium text-primary-700 dark:text-primary-300">Prices and specs →</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="mt-8 border-t border-slate-200 pt-5 dark:border-slate-800">
          <ShareButtons url={pageUrl} title={article.title} />
        </div>
      </article>

      {article.related.length ? (
        <section aria-labelledby="related-heading" className="mt-12 border-t border-slate-200 pt-8 dark:border-slate-800">
          <h2 id="related-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            Related articles
          </h2>
          <StaticIsland printed id={`article-related-${article.id}`} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {article.related.map((related) => (
              <ArticleCardView key={related.id} article={related} showSummary={false} />
            ))}
          </StaticIsland>
        </section>
      ) : null}
    </div>
  );
}
