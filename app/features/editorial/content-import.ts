// Content import, the pure half: reads the Markdown files of content/ (docs/content.md), checks
// their front matter, renders and sanitises the bodies. Every problem is reported with the file's
// path; the database half (content-import.server.ts) writes nothing when there is one.
import crypto from "node:crypto";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { bodyTypes } from "../../../db/schema/vocabulary";
import { RENDER_VERSION, readingMinutes, renderMarkdown } from "./markdown";

/** A file under content/, its path relative to the project (content/news/1001-x.md). */
export interface ContentFile {
  path: string;
  text: string;
}

export interface ContentIssue {
  file: string;
  message: string;
}

export interface ArticleDraft {
  id: number;
  slug: string;
  title: string;
  summary: string;
  categorySlug: string;
  author: string;
  publishedAt: Date;
  updatedAt: Date;
  featured: boolean;
  coverBodyType: string;
  coverColour: string;
  /** "{brand slug}/{model slug}" in the order given. */
  models: string[];
  bodyMarkdown: string;
  bodyHtml: string;
  readingMinutes: number;
  sourcePath: string;
  sourceHash: string;
}

export interface GuideDraft {
  taxonomySlug: string;
  slug: string;
  title: string;
  summary: string;
  position: number;
  updatedAt: Date;
  bodyMarkdown: string;
  bodyHtml: string;
  readingMinutes: number;
  sourcePath: string;
  sourceHash: string;
}

interface ParsedContent {
  articles: ArticleDraft[];
  guides: GuideDraft[];
  issues: ContentIssue[];
}

export const formatContentIssue = (issue: ContentIssue) => `${issue.file}: ${issue.message}`;

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "use lower-case letters, digits and single hyphens")
  .max(120, "at most 120 characters");

/** A date (2026-03-14) or a date-time with an offset; YAML may already have made it a Date. */
const when = z.union([z.date(), z.string(), z.number()]).transform((value, ctx) => {
  const text = value instanceof Date ? value.toISOString() : String(value).trim();
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(text) || /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text);
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00+02:00` : text);
  if (!valid || Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: "custom", message: "expected a date (2026-03-14) or a date-time with offset (2026-03-14T09:00:00+02:00)" });
    return z.NEVER;
  }
  return date;
});

const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `at most ${max} characters`);

const articleFrontMatter = z.strictObject({
  id: z.number().int().positive().max(999_999_999),
  slug,
  title: text(160),
  category: slug,
  author: text(80),
  published: when,
  updated: when.optional(),
  summary: text(240),
  featured: z.boolean().optional().default(false),
  cover: z.strictObject({
    body: z.enum(bodyTypes),
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, "expected a #rrggbb colour"),
  }),
  models: z
    .array(z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "expected {brand slug}/{model slug}"))
    .max(12)
    .optional()
    .default([]),
});

const guideFrontMatter = z.strictObject({
  title: text(160),
  slug,
  summary: text(300),
  position: z.number().int().min(0).max(10_000),
  updated: when,
});

/** Front matter between the first two "---" lines, and the body after them. */
export function splitFrontMatter(source: string): { data: unknown; body: string } | { error: string } {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(source);
  if (!match) return { error: "the file must start with front matter between two --- lines" };
  try {
    return { data: parseYaml(match[1]!, { uniqueKeys: true }), body: match[2]! };
  } catch (err) {
    return { error: `front matter is not valid YAML (${(err as Error).message.split("\n")[0]})` };
  }
}

function zodMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
    if (issue.code === "unrecognized_keys") return `${where}unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
    return `${where}${issue.message}`;
  });
}

function sourceHash(text: string): string {
  return crypto.createHash("sha256").update(`render ${RENDER_VERSION}\n`).update(text).digest("hex");
}

function parseArticle(file: ContentFile, issues: ContentIssue[]): ArticleDraft | undefined {
  const fail = (message: string) => void issues.push({ file: file.path, message });
  const split = splitFrontMatter(file.text);
  if ("error" in split) return fail(split.error);
  const result = articleFrontMatter.safeParse(split.data);
  if (!result.success) {
    for (const message of zodMessages(result.error)) fail(message);
    return undefined;
  }
  const fm = result.data;
  const fileName = file.path.split("/").pop()!;
  if (fileName !== `${fm.id}-${fm.slug}.md`) return fail(`the file name must be ${fm.id}-${fm.slug}.md (id and slug of the front matter)`);
  const body = split.body.trim();
  if (!body) return fail("the body is empty");
  const updatedAt = fm.updated ?? fm.published;
  if (updatedAt < fm.published) return fail("updated: must not be before published");
  if (new Set(fm.models).size !== fm.models.length) return fail("models: a model is listed twice");
  return {
    id: fm.id,
    slug: fm.slug,
    title: fm.title,
    summary: fm.summary,
    categorySlug: fm.category,
    author: fm.author,
    publishedAt: fm.published,
    updatedAt,
    featured: fm.featured,
    coverBodyType: fm.cover.body,
    coverColour: fm.cover.colour.toLowerCase(),
    models: fm.models,
    bodyMarkdown: body,
    bodyHtml: renderMarkdown(body),
    readingMinutes: readingMinutes(body),
    sourcePath: file.path,
    sourceHash: sourceHash(file.text),
  };
}

function parseGuide(file: ContentFile, taxonomySlug: string, issues: ContentIssue[]): GuideDraft | undefined {
  const fail = (message: string) => void issues.push({ file: file.path, message });
  const split = splitFrontMatter(file.text);
  if ("error" in split) return fail(split.error);
  const result = guideFrontMatter.safeParse(split.data);
  if (!result.success) {
    for (const message of zodMessages(result.error)) fail(message);
    return undefined;
  }
  const fm = result.data;
  const fileName = file.path.split("/").pop()!;
  if (fileName !== `${fm.slug}.md`) return fail(`the file name must be ${fm.slug}.md (the slug of the front matter)`);
  const body = split.body.trim();
  if (!body) return fail("the body is empty");
  return {
    taxonomySlug,
    slug: fm.slug,
    title: fm.title,
    summary: fm.summary,
    position: fm.position,
    updatedAt: fm.updated,
    bodyMarkdown: body,
    bodyHtml: renderMarkdown(body),
    readingMinutes: readingMinutes(body),
    sourcePath: file.path,
    sourceHash: sourceHash(file.text),
  };
}

/**
 * Every file of content/ checked and rendered. Paths: content/news/{id}-{slug}.md and
 * content/guides/{taxonomy}/{slug}.md; anything else ending in .md is reported.
 */
export function parseContentFiles(files: readonly ContentFile[]): ParsedContent {
  const issues: ContentIssue[] = [];
  const articles: ArticleDraft[] = [];
  const guides: GuideDraft[] = [];
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) {
    const parts = file.path.split("/");
    if (parts.length === 3 && parts[0] === "content" && parts[1] === "news") {
      const article = parseArticle(file, issues);
      if (article) articles.push(article);
    } else if (parts.length === 4 && parts[0] === "content" && parts[1] === "guides") {
      const guide = parseGuide(file, parts[2]!, issues);
      if (guide) guides.push(guide);
    } else {
      issues.push({ file: file.path, message: "not a place for content: use content/news/{id}-{slug}.md or content/guides/{taxonomy}/{slug}.md" });
    }
  }
  const seenIds = new Map<number, string>();
  for (const article of articles) {
    const first = seenIds.get(article.id);
    if (first) issues.push({ file: article.sourcePath, message: `id ${article.id} is already used by ${first}` });
    else seenIds.set(article.id, article.sourcePath);
  }
  return { articles, guides, issues };
}
