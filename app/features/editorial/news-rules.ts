// Pure rules of the news pages: URLs, the page parameter, dates, share links and JSON-LD.
// The loaders (news.server.ts) and the pages call these; news-rules.test.ts pins them.
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { data } from "react-router";

export const NEWS_HUB_PATH = "/actualite-auto";
export const ALL_NEWS_PATH = "/actualite-auto/toute-l-actualite";
/** The spelling search suggestions use (spec section 3); it resolves to the same article. */
export const SUGGESTION_NEWS_SEGMENT = "toute-actualite";
export const NEWS_PAGE_SIZE = 12;

/** The spec's article link: /actualite-auto/{category slug}/{ID}-{post_name}. */
export const articleUrl = (categorySlug: string, article: { id: number; slug: string }) => `/actualite-auto/${categorySlug}/${article.id}-${article.slug}`;

/** A news category page: /actualite-auto/{categId}-{categSlug} (the header menu builds the same). */
export const newsCategoryUrl = (category: { id: number; slug: string }) => `/actualite-auto/${category.id}-${category.slug}`;

/** A page of a paged list: page 1 is the bare path (one URL per page). */
export const pagedUrl = (path: string, page: number) => (page <= 1 ? path : `${path}?page=${page}`);

/**
 * The `page` query parameter: absent is page 1; anything but one whole number from 1 is a 400
 * with a message. Past the last page is the caller's 404 (it knows the count).
 */
export function parsePageParam(params: URLSearchParams): number {
  const values = params.getAll("page");
  if (values.length === 0) return 1;
  if (values.length > 1) throw data("Give one page number.", { status: 400 });
  const value = values[0]!.trim();
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1) throw data(`"${value.slice(0, 20)}" is not a page number: use a whole number from 1.`, { status: 400 });
  return Number(value);
}

export const pageCountOf = (total: number, size = NEWS_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** "14 March 2026", in South Africa's time zone whatever the server's. */
export function formatArticleDate(iso: string): string {
  return formatSouthAfricanDate(iso);
}

export type ShareNetwork = "facebook" | "x" | "linkedin" | "whatsapp";

/** Each network's own share address for a page. */
export function shareUrl(network: ShareNetwork, pageUrl: string, title: string): string {
  const u = encodeURIComponent(pageUrl);
  switch (network) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "x":
      return `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case "whatsapp":
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${pageUrl}`)}`;
  }
}

/** The share popup's size (the networks' own dialogs fit it). */
export const SHARE_POPUP = { width: 626, height: 436 } as const;

/** schema.org NewsArticle of an article page. */
export function newsArticleJsonLd(article: {
  title: string;
  summary: string;
  url: string;
  author: string;
  publishedAt: string;
  updatedAt: string;
  section: string;
  siteName: string;
  siteUrl: string;
  /** The article's preview card (absolute URL, 1200 px wide: Google's article rich results want one). */
  image: string;
  /** The publisher's logo (absolute URL of a PNG the site serves). */
  publisherLogo: { url: string; width: number; height: number };
  mentions: { name: string; url: string }[];
}): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    description: article.summary,
    mainEntityOfPage: { "@type": "WebPage", "@id": article.url },
    url: article.url,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    articleSection: article.section,
    image: [article.image],
    author: { "@type": "Person", name: article.author },
    publisher: {
      "@type": "Organization",
      name: article.siteName,
      url: article.siteUrl,
      logo: { "@type": "ImageObject", url: article.publisherLogo.url, width: article.publisherLogo.width, height: article.publisherLogo.height },
    },
    ...(article.mentions.length ? { mentions: article.mentions.map((m) => ({ "@type": "Thing", name: m.name, url: m.url })) } : {}),
  };
}
