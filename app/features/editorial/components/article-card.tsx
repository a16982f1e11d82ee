import { Clock } from "lucide-react";
import { Link } from "react-router";
import { CarIllustration } from "~/ui/car-illustration";
import type { ArticleCard } from "../news.server";
import { formatArticleDate } from "../news-rules";

/** The drawn cover: the article's body type and colour on a soft band (no photos ship). */
export function ArticleCover({ article, className = "", title }: { article: Pick<ArticleCard, "coverBodyType" | "coverColour">; className?: string; title?: string }) {
  return (
    <div className={`bg-gradient-to-b from-slate-50 to-slate-200 dark:from-slate-800 dark:to-slate-900 ${className}`}>
      <CarIllustration bodyType={article.coverBodyType} colour={article.coverColour} className="h-full w-full" title={title} />
    </div>
  );
}

export function ArticleMeta({ article, className = "" }: { article: Pick<ArticleCard, "publishedAt" | "readingMinutes">; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400 ${className}`}>
      <time dateTime={article.publishedAt}>{formatArticleDate(article.publishedAt)}</time>
      <span className="inline-flex items-center gap-1">
        <Clock className="size-4" strokeWidth={1.75} aria-hidden="true" />
        {article.readingMinutes} min read
      </span>
    </p>
  );
}

/**
 * An article as a card: cover, category, title (the whole card is its link), summary, date and
 * reading time. `lead` is the hub's large first story.
 */
export function ArticleCardView({
  article,
  headingLevel = 3,
  lead = false,
  showSummary = true,
}: {
  article: ArticleCard;
  headingLevel?: 2 | 3;
  lead?: boolean;
  showSummary?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (lead) {
    return (
      <article className="card group relative flex flex-col overflow-hidden transition-shadow hover:shadow-lg lg:flex-row">
        <ArticleCover article={article} className="aspect-[16/9] px-4 pt-4 lg:aspect-auto lg:w-3/5 lg:px-8 lg:pt-10" />
        <div className="flex flex-1 flex-col gap-2 p-4 lg:justify-center lg:p-8">
          <p className="text-xs font-bold tracking-wide text-primary-700 uppercase dark:text-primary-300">{article.categoryName}</p>
          <Heading className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            <Link to={article.url} className="card-link" prefetch="intent">
              {article.title}
            </Link>
          </Heading>
          <p className="text-base leading-7 text-slate-700 dark:text-slate-300">{article.summary}</p>
          <ArticleMeta article={article} className="mt-auto pt-1" />
        </div>
      </article>
    );
  }
  // Phones: a compact row (small cover beside the title); wider screens: a card with the cover on top.
  return (
    <article className="card group relative flex flex-row overflow-hidden transition-shadow hover:shadow-lg sm:flex-col">
      <ArticleCover article={article} className="w-28 shrink-0 px-1.5 pt-2 sm:aspect-[16/9] sm:w-auto sm:px-4 sm:pt-4" />
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-4">
        <p className="text-xs font-bold tracking-wide text-primary-700 uppercase dark:text-primary-300">{article.categoryName}</p>
        <Heading className="text-[0.9375rem] leading-snug font-bold sm:text-base">
          <Link to={article.url} className="card-link" prefetch="intent">
            {article.title}
          </Link>
        </Heading>
        {showSummary ? <p className="hidden text-sm leading-6 text-slate-700 sm:line-clamp-3 dark:text-slate-300">{article.summary}</p> : null}
        <ArticleMeta article={article} className="mt-auto pt-1 text-xs sm:text-sm" />
      </div>
    </article>
  );
}
