import { sql } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db, resultRows } from "~/lib/db.server";
import { USED_SUGGESTION_LIMIT, usedCarSuggestions } from "~/features/marketplace/search/used-suggestions.server";
import { logger } from "~/lib/logger.server";
import { LruCache } from "~/lib/lru";
import {
  type FieldSuggestion,
  type NewsSuggestion,
  type PreparedQuery,
  type Suggestion,
  type SuggestionCandidate,
  SUGGESTION_LIMIT,
  prepareQuery,
  rankCandidates,
  typoQuery,
} from "./suggestions";

// Enough candidates for the ranking in JS to pick the best SUGGESTION_LIMIT from.
const CANDIDATE_LIMIT = 40;

interface CandidateRow {
  brand_name: string;
  brand_slug: string;
  model_id: number;
  model_name: string;
  model_slug: string;
  popularity: number;
  exact: boolean;
  words: boolean;
  typed: boolean;
  prefix: boolean;
  similarity: number;
  closeness: number;
}

const document = sql`m.search_vector`;
const tsquery = (text: string) => sql`to_tsquery('simple'::regconfig, ${text})`;

/**
 * Every query word found, allowing typos: a word of 3 or more letters is close to a word of the
 * text (trigram word similarity, the <% operator), a shorter one starts a word.
 */
function fuzzyCondition(words: string[]) {
  return sql.join(
    words.map((w) => (w.length >= 3 ? sql`${w} <% m.search_text` : sql`${document} @@ ${tsquery(`${w}:*`)}`)),
    sql` and `,
  );
}

/**
 * Models matching a prepared query, with what matched. `typos` is typoQuery()'s tsquery text
 * (close catalogue words, the text written together). Every condition of the WHERE clause can
 * use an index of migration 0002: the full-text GIN index (word-prefix matches, typo
 * corrections, words written together) and the trigram GIN index on search_text (prefix LIKE,
 * word similarity <%). With a few hundred models the planner may prefer a sequential scan over
 * the stored columns.
 */
async function findModelCandidates(query: PreparedQuery, typos: string): Promise<SuggestionCandidate[]> {
  const { text, words, wordQuery, typedQuery, prefixQuery } = query;
  const like = `${text}%`;
  const compact = words.join("");
  const rows = resultRows<CandidateRow>(
    await db().execute(sql`
      select b.name as brand_name, b.slug as brand_slug, m.id as model_id, m.name as model_name,
             m.slug as model_slug, m.popularity,
             (m.search_text = ${text} or m.search_name = ${text}
               or replace(m.search_text, ' ', '') = ${compact} or replace(m.search_name, ' ', '') = ${compact}) as exact,
             ${document} @@ ${tsquery(wordQuery)} as words,
             (${document} @@ ${tsquery(typedQuery)} or m.search_text like ${like} or m.search_name like ${like}) as typed,
             ${document} @@ ${tsquery(prefixQuery)} as prefix,
             word_similarity(${text}, m.search_text)::float8 as similarity,
             similarity(${text}, m.search_text)::float8 as closeness
      from models m
      join brands b on b.id = m.brand_id
      where ${document} @@ ${tsquery(prefixQuery)}
         or m.search_text like ${like}
         or ${document} @@ ${tsquery(typos)}
         or (${fuzzyCondition(words)})
      order by prefix desc, similarity desc, m.popularity desc
      limit ${CANDIDATE_LIMIT}
    `),
  );
  return rows.map((r) => ({
    brandName: r.brand_name,
    brandSlug: r.brand_slug,
    modelId: Number(r.model_id),
    modelName: r.model_name,
    modelSlug: r.model_slug,
    popularity: Number(r.popularity),
    exact: Boolean(r.exact),
    words: Boolean(r.words),
    typed: Boolean(r.typed),
    prefix: Boolean(r.prefix),
    similarity: Number(r.similarity),
    closeness: Number(r.closeness),
  }));
}

interface NewsRow {
  post_id: number;
  post_name: string;
  post_title: string;
}

/**
 * News suggestions after the models: articles whose normalised title (articles.search_text, kept
 * by a trigger, trigram GIN index) has every typed word as a word start; the closest title first,
 * then the newest. No typo tolerance here: a loose title match would crowd out the models.
 */
async function findNewsSuggestions(query: PreparedQuery, limit: number): Promise<NewsSuggestion[]> {
  if (limit <= 0) return [];
  const { text, words } = query;
  const everyWordStarts = sql.join(
    words.map((w) => sql`(' ' || a.search_text) like ${`% ${w.replace(/[\\%_]/g, "")}%`}`),
    sql` and `,
  );
  const rows = resultRows<NewsRow>(
    await db().execute(sql`
      select a.id as post_id, a.slug as post_name, a.title as post_title
      from articles a
      where ${everyWordStarts}
      order by word_similarity(${text}, a.search_text) desc, a.published_at desc, a.id desc
      limit ${limit}
    `),
  );
  return rows.map((r) => ({ type: "news", post_id: Number(r.post_id), post_name: r.post_name, post_title: r.post_title }));
}

/**
 * Every word of models.search_vector (the typo correction's dictionary: a few thousand short
 * words), loaded once per catalogue revision.
 */
function vocabulary(): Promise<string[]> {
  return cached("search:vocabulary", { ttlMs: CACHE_TTL_MS, tags: ["catalogue"] }, async () => {
    const rows = resultRows<{ word: string }>(
      await db().execute(sql`select distinct word from models m, unnest(tsvector_to_array(m.search_vector)) as word order by word`),
    );
    return rows.map((r) => r.word);
  });
}

async function search(query: PreparedQuery): Promise<Suggestion[]> {
  const typos = typoQuery(query, await vocabulary());
  const models = rankCandidates(await findModelCandidates(query, typos), SUGGESTION_LIMIT);
  const news = await findNewsSuggestions(query, SUGGESTION_LIMIT - models.length);
  return [...models, ...news];
}

// Answers by normalised query. The LRU bounds memory whatever people type; it lives inside a
// cached() entry tagged "catalogue" and "editorial", so either import (or the seed) or the TTL
// replaces it with an empty one.
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_ENTRIES = 500;

function answerCache(): Promise<LruCache<Promise<Suggestion[]>>> {
  return cached("search:suggestions", { ttlMs: CACHE_TTL_MS, tags: ["catalogue", "editorial"] }, async () => new LruCache(CACHE_ENTRIES));
}

/** Suggestions for a typed text: nothing under 2 characters, without touching the database. */
export async function searchSuggestions(raw: string): Promise<Suggestion[]> {
  const query = prepareQuery(raw);
  if (!query) return [];
  const cache = await answerCache();
  const hit = cache.get(query.text);
  if (hit) return hit;
  const answer = search(query);
  cache.set(query.text, answer);
  // A failure is not remembered: the next request tries again.
  answer.catch(() => cache.delete(query.text));
  return answer;
}

/**
 * The header field's list: the spec's suggestions with, after the models, up to two used-car
 * searches for a make or model on the marketplace; the list stays SUGGESTION_LIMIT long. A
 * failing marketplace never costs the field its suggestions.
 */
export async function fieldSuggestions(raw: string): Promise<FieldSuggestion[]> {
  const query = prepareQuery(raw);
  if (!query) return [];
  const [spec, used] = await Promise.all([
    searchSuggestions(raw),
    usedCarSuggestions(query.text, USED_SUGGESTION_LIMIT).catch((error: unknown) => {
      logger.error({ err: error }, "used-car suggestions failed");
      return [];
    }),
  ]);
  if (used.length === 0) return spec;
  const models = spec.filter((s) => s.type === "model");
  const news = spec.filter((s) => s.type === "news");
  const keptModels = models.slice(0, SUGGESTION_LIMIT - used.length);
  return [...keptModels, ...used, ...news].slice(0, Math.max(SUGGESTION_LIMIT, keptModels.length + used.length));
}
