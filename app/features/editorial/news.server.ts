// Reads of the news pages (hub, all-news list, category, article), the Atom feed and the sitemap.
// Each read is one cached object tagged "editorial": a content import bumps that revision, which
// drops them (and the rendered pages) in every process.
import { asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { modelUrl } from "~/features/catalogue/urls";
import { cached } from "~/lib/cache.server";
import { db, resultRows } from "~/lib/db.server";
import { routeNotFound } from "~/lib/errors";
import { articleModels, articles, brands, models, newsCategories } from "../../../db/schema";
import { canonicalRedirect, parseIdSlug } from "../catalogue/page-rules";
import { type NewsCategoryItem, newsCategoryMenu } from "./menu.server";
import { ALL_NEWS_PATH, NEWS_HUB_PATH, NEWS_PAGE_SIZE, SUGGESTION_NEWS_SEGMENT, articleUrl, newsCategoryUrl, pageCountOf, pagedUrl, parsePageParam } from "./news-rules";

const TTL_MS = 10 * 60_000;
const editorialCache = { ttlMs: TTL_MS, tags: ["editorial"] };

/** What a card shows (hub, lists, related articles, feed). Dates are ISO strings (JSON-safe). */
export interface ArticleCard {
  id: number;
  slug: string;
  title: string;
  summary: string;
  url: string;
  categoryId: number;
  categorySlug: string;
  categoryName: string;
  author: string;
  publishedAt: string;
  updatedAt: string;
  readingMinutes: number;
  coverBodyType: string;
  coverColour: string;
}

const cardColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  categoryId: articles.categoryId,
  categorySlug: newsCategories.slug,
  categoryName: newsCategories.name,
  author: articles.author,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  readingMinutes: articles.readingMinutes,
  coverBodyType: articles.coverBodyType,
  coverColour: articles.coverColour,
};

type CardRow = Omit<ArticleCard, "url" | "publishedAt" | "updatedAt"> & { publishedAt: Date | string; updatedAt: Date | string };

const iso = (value: Date | string) => new Date(value).toISOString();

function toCard(row: CardRow): ArticleCard {
  return { ...row, publishedAt: iso(row.publishedAt), updatedAt: iso(row.updatedAt), url: articleUrl(row.categorySlug, row) };
}

const newestFirst = [desc(articles.publishedAt), desc(articles.id)];

function cardQuery() {
  return db().select(cardColumns).from(articles).innerJoin(newsCategories, eq(newsCategories.id, articles.categoryId));
}

// ---------------------------------------------------------------------------------------------
// Hub

interface CategorySection {
  category: NewsCategoryItem;
  articles: ArticleCard[];
}

interface NewsHubData {
  lead: ArticleCard | null;
  latest: ArticleCard[];
  sections: CategorySection[];
  total: number;
}

const HUB_LATEST = 6;
const HUB_PER_CATEGORY = 3;

export function newsHub(): Promise<NewsHubData> {
  return cached("editorial:news:hub", editorialCache, async () => {
    const [featured, recent, categories, totals] = await Promise.all([
      cardQuery().where(eq(articles.featured, true)).orderBy(...newestFirst).limit(1),
      cardQuery().orderBy(...newestFirst).limit(HUB_LATEST + 1),
      newsCategoryMenu(),
      db().select({ total: count() }).from(articles),
    ]);
    const lead = featured[0] ?? recent[0];
    const latest = recent.filter((r) => r.id !== lead?.id).slice(0, HUB_LATEST);
    // Each category's latest few: one window query for their ids, one for their cards.
    const ranked = resultRows<{ id: number }>(
      await db().execute(sql`
        select id from (
          select id, row_number() over (partition by category_id order by published_at desc, id desc) as rank from articles
        ) r where rank <= ${HUB_PER_CATEGORY}`),
    ).map((r) => Number(r.id));
    const perCategory = ranked.length ? await cardQuery().where(inArray(articles.id, ranked)).orderBy(...newestFirst) : [];
    const sections = categories
      .map((category) => ({
        category,
        articles: perCategory.filter((r) => r.categoryId === category.id).map(toCard),
      }))
      .filter((s) => s.articles.length > 0);
    return { lead: lead ? toCard(lead) : null, latest: latest.map(toCard), sections, total: Number(totals[0]?.total ?? 0) };
  });
}

// ---------------------------------------------------------------------------------------------
// Paged lists (all the news, one category)

interface NewsListPage {
  articles: ArticleCard[];
  page: number;
  pageCount: number;
  total: number;
}

function pagedCards(categoryId: number | null, page: number): Promise<NewsListPage> {
  return cached(`editorial:news:list:${categoryId ?? "all"}:${page}`, editorialCache, async () => {
    const where = categoryId === null ? undefined : eq(articles.categoryId, categoryId);
    const [rows, totals] = await Promise.all([
      cardQuery()
        .where(where)
        .orderBy(...newestFirst)
        .limit(NEWS_PAGE_SIZE)
        .offset((page - 1) * NEWS_PAGE_SIZE),
      db().select({ total: count() }).from(articles).where(where),
    ]);
    const total = Number(totals[0]?.total ?? 0);
    return { articles: rows.map(toCard), page, pageCount: pageCountOf(total), total };
  });
}

/** The page number checked against the count: past the end is the 404 page (page 1 always exists). */
function checkPage(list: NewsListPage, pathname: string): NewsListPage {
  if (list.page > list.pageCount) routeNotFound(pathname);
  return list;
}

interface PageLinks {
  canonicalPath: string;
  prevPath: string | null;
  nextPath: string | null;
}

function pageLinks(basePath: string, list: NewsListPage): PageLinks {
  return {
    canonicalPath: pagedUrl(basePath, list.page),
    prevPath: list.page > 1 ? pagedUrl(basePath, list.page - 1) : null,
    nextPath: list.page < list.pageCount ? pagedUrl(basePath, list.page + 1) : null,
  };
}

export async function loadNewsList(request: Request) {
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams);
  const list = checkPage(await pagedCards(null, page), url.pathname);
  return { ...list, ...pageLinks(ALL_NEWS_PATH, list) };
}

export async function loadNewsCategory(request: Request, params: { categIdSlug?: string }) {
  const url = new URL(request.url);
  // "{id}-{slug}": a non-numeric id (including a literal /actualite-auto/actualite-auto) is the 404 page.
  const { id } = parseIdSlug(params.categIdSlug, url.pathname);
  const category = (await newsCategoryMenu()).find((c) => c.id === id);
  if (!category) routeNotFound(url.pathname);
  const basePath = newsCategoryUrl(category);
  const target = canonicalRedirect(url, basePath);
  if (target) throw redirect(target, 301);
  const page = parsePageParam(url.searchParams);
  const list = checkPage(await pagedCards(category.id, page), url.pathname);
  return { category, ...list, ...pageLinks(basePath, list) };
}

export async function loadNewsHub() {
  return newsHub();
}

// ---------------------------------------------------------------------------------------------
// Article

interface MentionedModel {
  id: number;
  name: string;
  brandName: string;
  bodyType: string;
  colour: string;
  url: string;
}

interface ArticleDetail extends ArticleCard {
  bodyHtml: string;
  models: MentionedModel[];
  related: ArticleCard[];
}

const RELATED_LIMIT = 4;

/** Same category or shared models first (more shared models first), then the newest of the rest. */
async function relatedArticles(articleId: number, categoryId: number): Promise<ArticleCard[]> {
  const shared = sql<number>`(select count(*) from ${articleModels} am join ${articleModels} mine on mine.model_id = am.model_id and mine.article_id = ${articleId} where am.article_id = ${articles.id})`;
  const rows = await cardQuery()
    .where(ne(articles.id, articleId))
    .orderBy(desc(shared), desc(sql`${articles.categoryId} = ${categoryId}`), ...newestFirst)
    .limit(RELATED_LIMIT);
  return rows.map(toCard);
}

export function articleDetail(id: number): Promise<ArticleDetail | null> {
  return cached(`editorial:news:article:${id}`, editorialCache, async () => {
    const [row] = await db()
      .select({ ...cardColumns, bodyHtml: articles.bodyHtml })
      .from(articles)
      .innerJoin(newsCategories, eq(newsCategories.id, articles.categoryId))
      .where(eq(articles.id, id))
      .limit(1);
    if (!row) return null;
    const [mentioned, related] = await Promise.all([
      db()
        .select({ id: models.id, slug: models.slug, name: models.name, brandName: brands.name, brandSlug: brands.slug, bodyType: models.bodyType, colour: models.colour })
        .from(articleModels)
        .innerJoin(models, eq(models.id, articleModels.modelId))
        .innerJoin(brands, eq(brands.id, models.brandId))
        .where(eq(articleModels.articleId, id))
        .orderBy(asc(articleModels.position)),
      relatedArticles(id, row.categoryId),
    ]);
    const { bodyHtml, ...card } = row;
    return {
      ...toCard(card),
      bodyHtml,
      models: mentioned.map((m) => ({ id: m.id, name: m.name, brandName: m.brandName, bodyType: m.bodyType, colour: m.colour, url: modelUrl(m.brandSlug, m) })),
      related,
    };
  });
}

export async function loadArticle(request: Request, params: { categSlug?: string; articleIdSlug?: string }) {
  const url = new URL(request.url);
  // The parent's own name is not a category (spec: parent routes reject a literal path with the same name).
  if (params.categSlug === "actualite-auto") routeNotFound(url.pathname);
  const { id } = parseIdSlug(params.articleIdSlug, url.pathname);
  const article = await articleDetail(id);
  if (!article) routeNotFound(url.pathname);
  // The suggestions' spelling (/actualite-auto/toute-actualite/{id}-{slug}) is served as is, with
  // the canonical link naming the real URL; any other stale category or slug is a 301.
  if (params.categSlug !== SUGGESTION_NEWS_SEGMENT) {
    const target = canonicalRedirect(url, article.url);
    if (target) throw redirect(target, 301);
  }
  return { article, canonicalPath: article.url };
}

// ---------------------------------------------------------------------------------------------
// Feed and sitemap

interface FeedEntry extends ArticleCard {
  bodyHtml: string;
}

export function latestForFeed(limit = 30): Promise<FeedEntry[]> {
  return cached(`editorial:news:feed:${limit}`, editorialCache, async () => {
    const rows = await db()
      .select({ ...cardColumns, bodyHtml: articles.bodyHtml })
      .from(articles)
      .innerJoin(newsCategories, eq(newsCategories.id, articles.categoryId))
      .orderBy(...newestFirst)
      .limit(limit);
    return rows.map(({ bodyHtml, ...card }) => ({ ...toCard(card), bodyHtml }));
  });
}

/**
 * The news part of the sitemap: the hub, every page of the all-news list and of each category,
 * then every article with its last change, newest first.
 */
export function newsSitemapEntries(): Promise<{ path: string; lastmod?: Date }[]> {
  return cached("editorial:news:sitemap", editorialCache, async () => {
    const [rows, categories] = await Promise.all([
      db()
        .select({ id: articles.id, slug: articles.slug, categoryId: articles.categoryId, categorySlug: newsCategories.slug, updatedAt: articles.updatedAt })
        .from(articles)
        .innerJoin(newsCategories, eq(newsCategories.id, articles.categoryId))
        .orderBy(...newestFirst),
      newsCategoryMenu(),
    ]);
    const newest = (list: typeof rows) => list.reduce<Date | undefined>((max, r) => (!max || new Date(r.updatedAt) > max ? new Date(r.updatedAt) : max), undefined);
    const listPages = (basePath: string, list: typeof rows) =>
      Array.from({ length: pageCountOf(list.length) }, (_, i) => ({
        path: pagedUrl(basePath, i + 1),
        lastmod: newest(list.slice(i * NEWS_PAGE_SIZE, (i + 1) * NEWS_PAGE_SIZE)),
      }));
    return [
      { path: NEWS_HUB_PATH, lastmod: newest(rows) },
      ...listPages(ALL_NEWS_PATH, rows),
      ...categories.flatMap((category) => listPages(newsCategoryUrl(category), rows.filter((r) => r.categoryId === category.id))),
      ...rows.map((r) => ({ path: articleUrl(r.categorySlug, r), lastmod: new Date(r.updatedAt) })),
    ];
  });
}

