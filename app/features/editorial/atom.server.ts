// /atom.xml: the latest 30 articles as Atom 1.0, built by the feed library (it escapes every
// value); entries carry the summary and the sanitised body (type="html").
import { Feed } from "feed";
import { absoluteUrl } from "~/lib/seo";
import { site } from "~/lib/site";
import { latestForFeed } from "./news.server";
import { NEWS_HUB_PATH } from "./news-rules";

const FEED_SIZE = 30;
export const ATOM_CACHE_CONTROL = "public, max-age=300, s-maxage=900, stale-while-revalidate=86400";

export async function atomFeed(origin: string): Promise<string> {
  const entries = await latestForFeed(FEED_SIZE);
  const newest = entries.reduce<Date | undefined>((max, e) => {
    const d = new Date(e.updatedAt);
    return !max || d > max ? d : max;
  }, undefined);
  const feed = new Feed({
    id: absoluteUrl(origin, "/atom.xml"),
    title: `${site.name} car news`,
    description: "South African car news: launches, road tests, industry, electric cars, motorsport and advice.",
    link: absoluteUrl(origin, NEWS_HUB_PATH),
    language: "en-ZA",
    updated: newest ?? new Date(0),
    generator: false,
    feedLinks: { atom: absoluteUrl(origin, "/atom.xml") },
    author: { name: site.name, link: absoluteUrl(origin, "/") },
    copyright: `© ${site.name}`,
  });
  for (const entry of entries) {
    const url = absoluteUrl(origin, entry.url);
    feed.addItem({
      // The permanent URL: the id and slug in it never change for an article.
      id: url,
      title: entry.title,
      link: url,
      date: new Date(entry.updatedAt),
      published: new Date(entry.publishedAt),
      description: entry.summary,
      content: entry.bodyHtml,
      author: [{ name: entry.author }],
      category: [{ name: entry.categoryName, term: entry.categorySlug }],
    });
  }
  return feed.atom1();
}
