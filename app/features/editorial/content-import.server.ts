// Content import, the database half: the checked files (content-import.ts) against the stored
// articles and guides, written in one transaction: upsert articles by id and guides by (taxonomy,
// slug), remove rows whose file is gone, bump the "editorial" revision so every process drops its
// cached editorial reads and rendered pages. Any problem → nothing written.
import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray, notInArray, sql } from "drizzle-orm";
import { bumpRevision, invalidate } from "~/lib/cache.server";
import type { Database, Transaction } from "~/lib/db.server";
import { articleModels, articles, brands, guideTaxonomies, guides, models, newsCategories } from "../../../db/schema";
import { type ArticleDraft, type ContentFile, type ContentIssue, type GuideDraft, parseContentFiles } from "./content-import";

export interface ContentCounts {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

interface ContentImportResult {
  issues: ContentIssue[];
  articles: ContentCounts;
  guides: ContentCounts;
  /** False on a dry run, on problems, and when nothing changed. */
  written: boolean;
  /** The editorial revision after the import (when written). */
  revision?: number;
}

const emptyCounts = (): ContentCounts => ({ created: 0, updated: 0, unchanged: 0, deleted: 0 });

/** Every .md file under {rootDir}/content, with paths relative to rootDir ("content/news/…"). */
export async function readContentFiles(rootDir: string): Promise<ContentFile[]> {
  const base = path.join(rootDir, "content");
  let entries: string[];
  try {
    entries = (await fs.readdir(base, { recursive: true })) as string[];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const files = entries.filter((entry) => entry.endsWith(".md") && !path.basename(entry).startsWith("."));
  return Promise.all(
    files.sort().map(async (entry) => ({
      path: ["content", ...entry.split(path.sep)].join("/"),
      text: await fs.readFile(path.join(base, entry), "utf8"),
    })),
  );
}

// Large bodies: a few rows per statement keep each statement small.
const BATCH = 20;
function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

async function writeArticles(tx: Transaction, changed: ArticleDraft[], categoryIds: Map<string, number>, modelIds: Map<string, number>, keepIds: number[]) {
  if (keepIds.length) await tx.delete(articles).where(notInArray(articles.id, keepIds));
  else await tx.delete(articles);
  for (const chunk of chunks(changed)) {
    await tx
      .insert(articles)
      .values(
        chunk.map(({ categorySlug, models: _models, ...article }) => ({ ...article, categoryId: categoryIds.get(categorySlug)! })),
      )
      .onConflictDoUpdate({
        target: articles.id,
        set: {
          slug: excluded("slug"),
          title: excluded("title"),
          summary: excluded("summary"),
          categoryId: excluded("category_id"),
          author: excluded("author"),
          publishedAt: excluded("published_at"),
          updatedAt: excluded("updated_at"),
          readingMinutes: excluded("reading_minutes"),
          coverBodyType: excluded("cover_body_type"),
          coverColour: excluded("cover_colour"),
          featured: excluded("featured"),
          bodyMarkdown: excluded("body_markdown"),
          bodyHtml: excluded("body_html"),
          sourcePath: excluded("source_path"),
          sourceHash: excluded("source_hash"),
        },
      });
  }
  if (changed.length) await tx.delete(articleModels).where(inArray(articleModels.articleId, changed.map((a) => a.id)));
  const links = changed.flatMap((a) => a.models.map((key, position) => ({ articleId: a.id, modelId: modelIds.get(key)!, position })));
  for (const chunk of chunks(links)) await tx.insert(articleModels).values(chunk);
}

async function writeGuides(tx: Transaction, changed: GuideDraft[], taxonomyIds: Map<string, number>, gone: number[]) {
  if (gone.length) await tx.delete(guides).where(inArray(guides.id, gone));
  for (const chunk of chunks(changed)) {
    await tx
      .insert(guides)
      .values(chunk.map(({ taxonomySlug, ...guide }) => ({ ...guide, taxonomyId: taxonomyIds.get(taxonomySlug)! })))
      .onConflictDoUpdate({
        target: [guides.taxonomyId, guides.slug],
        set: {
          title: excluded("title"),
          summary: excluded("summary"),
          position: excluded("position"),
          updatedAt: excluded("updated_at"),
          readingMinutes: excluded("reading_minutes"),
          bodyMarkdown: excluded("body_markdown"),
          bodyHtml: excluded("body_html"),
          sourcePath: excluded("source_path"),
          sourceHash: excluded("source_hash"),
        },
      });
  }
}

/**
 * Imports the given content files (all of content/: files missing from the list are removed from
 * the database). All or nothing: with any issue, nothing is written.
 */
export async function importContent(database: Database, files: readonly ContentFile[], options: { dryRun?: boolean } = {}): Promise<ContentImportResult> {
  const parsed = parseContentFiles(files);
  const result: ContentImportResult = { issues: [...parsed.issues], articles: emptyCounts(), guides: emptyCounts(), written: false };
  if (result.issues.length) return result;

  await database.transaction(async (tx) => {
    const [categoryRows, taxonomyRows, modelRows, storedArticles, storedGuides] = await Promise.all([
      tx.select({ id: newsCategories.id, slug: newsCategories.slug }).from(newsCategories),
      tx.select({ id: guideTaxonomies.id, slug: guideTaxonomies.slug }).from(guideTaxonomies),
      tx
        .select({ id: models.id, key: sql<string>`${brands.slug} || '/' || ${models.slug}` })
        .from(models)
        .innerJoin(brands, eq(brands.id, models.brandId)),
      tx.select({ id: articles.id, sourcePath: articles.sourcePath, sourceHash: articles.sourceHash }).from(articles),
      tx
        .select({ id: guides.id, taxonomyId: guides.taxonomyId, slug: guides.slug, sourcePath: guides.sourcePath, sourceHash: guides.sourceHash })
        .from(guides),
    ]);
    const categoryIds = new Map(categoryRows.map((r) => [r.slug, r.id]));
    const taxonomyIds = new Map(taxonomyRows.map((r) => [r.slug, r.id]));
    const modelIds = new Map(modelRows.map((r) => [r.key, r.id]));

    // An unseeded database: one clear message instead of one per file.
    if ((parsed.articles.length && categoryIds.size === 0) || (parsed.guides.length && taxonomyIds.size === 0)) {
      result.issues.push({ file: "content", message: "the database has no news categories or guide taxonomies yet: seed it first (npm run db:seed)" });
      return;
    }
    for (const article of parsed.articles) {
      if (!categoryIds.has(article.categorySlug))
        result.issues.push({ file: article.sourcePath, message: `category: unknown news category "${article.categorySlug}" (known: ${[...categoryIds.keys()].join(", ")})` });
      for (const key of article.models)
        if (!modelIds.has(key)) result.issues.push({ file: article.sourcePath, message: `models: no catalogue model "${key}"` });
    }
    for (const guide of parsed.guides)
      if (!taxonomyIds.has(guide.taxonomySlug))
        result.issues.push({ file: guide.sourcePath, message: `unknown guide taxonomy folder "${guide.taxonomySlug}" (known: ${[...taxonomyIds.keys()].join(", ")})` });
    if (result.issues.length) return;

    // Articles by id.
    const storedById = new Map(storedArticles.map((r) => [r.id, r]));
    const changedArticles: ArticleDraft[] = [];
    for (const article of parsed.articles) {
      const stored = storedById.get(article.id);
      if (!stored) result.articles.created++;
      else if (stored.sourceHash !== article.sourceHash || stored.sourcePath !== article.sourcePath) result.articles.updated++;
      else {
        result.articles.unchanged++;
        continue;
      }
      changedArticles.push(article);
    }
    const keepIds = parsed.articles.map((a) => a.id);
    result.articles.deleted = storedArticles.filter((r) => !keepIds.includes(r.id)).length;

    // Guides by (taxonomy, slug).
    const guideKey = (taxonomyId: number, slug: string) => `${taxonomyId}/${slug}`;
    const storedGuideByKey = new Map(storedGuides.map((r) => [guideKey(r.taxonomyId, r.slug), r]));
    const changedGuides: GuideDraft[] = [];
    const keptGuideKeys = new Set<string>();
    for (const guide of parsed.guides) {
      const key = guideKey(taxonomyIds.get(guide.taxonomySlug)!, guide.slug);
      keptGuideKeys.add(key);
      const stored = storedGuideByKey.get(key);
      if (!stored) result.guides.created++;
      else if (stored.sourceHash !== guide.sourceHash || stored.sourcePath !== guide.sourcePath) result.guides.updated++;
      else {
        result.guides.unchanged++;
        continue;
      }
      changedGuides.push(guide);
    }
    const goneGuides = storedGuides.filter((r) => !keptGuideKeys.has(guideKey(r.taxonomyId, r.slug))).map((r) => r.id);
    result.guides.deleted = goneGuides.length;

    const changes = changedArticles.length + result.articles.deleted + changedGuides.length + goneGuides.length;
    if (options.dryRun || changes === 0) return;
    await writeArticles(tx, changedArticles, categoryIds, modelIds, keepIds);
    await writeGuides(tx, changedGuides, taxonomyIds, goneGuides);
    result.revision = await bumpRevision(tx, "editorial");
    result.written = true;
  });
  // This process's cached editorial reads, suggestions and rendered pages go at once.
  if (result.written) invalidate("editorial");
  return result;
}

/** Whether any article or guide is stored (the server imports content/ once into a database without). */
export async function hasEditorialContent(database: Database): Promise<boolean> {
  const [article] = await database.select({ id: articles.id }).from(articles).limit(1);
  if (article) return true;
  const [guide] = await database.select({ id: guides.id }).from(guides).limit(1);
  return Boolean(guide);
}

/** Reads content/ under rootDir (the project folder by default) and imports it. */
export async function importContentFromDisk(database: Database, options: { rootDir?: string; dryRun?: boolean } = {}): Promise<ContentImportResult> {
  return importContent(database, await readContentFiles(options.rootDir ?? process.cwd()), options);
}

