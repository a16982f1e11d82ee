// The link-preview images (decision 010): /apercu/… read, the page's card built from the same
// cached reads as the page, drawn once to PNG with sharp and kept in a bounded in-memory cache
// that a catalogue or content change empties (by tag).
import { brandPage, modelPage, versionPage } from "~/features/catalogue/pages.server";
import { comparedCars } from "~/features/comparison/comparison.server";
import { guidePage, taxonomyPage } from "~/features/editorial/guides.server";
import { articleDetail } from "~/features/editorial/news.server";
import { onInvalidate } from "~/lib/cache.server";
import { PUBLISHER_LOGO_SIZE, fnv1a } from "~/lib/link-preview";
import { logger } from "~/lib/logger.server";
import { type PagePreview, type PreviewSubject, articlePreview, brandPreview, comparisonPreview, guidePreview, modelPreview, parsePreviewPath, sitePreview, taxonomyPreview, versionPreview } from "./cards";
import { cardSvg, logoSvg } from "./card-svg";

/** A versioned address (its fingerprint is the card's) never changes content. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Other addresses (no fingerprint, an outdated one, the logo): a day, revalidated by ETag. */
export const REVALIDATED_CACHE_CONTROL = "public, max-age=3600, s-maxage=86400";

const MAX_BYTES = 32 * 1024 * 1024;

interface Rendered {
  png: Buffer;
  tags: string[];
}

const rendered = new Map<string, Rendered>();
const rendering = new Map<string, Promise<Buffer>>();
let totalBytes = 0;
let generation = 0;

function forget(key: string): void {
  const entry = rendered.get(key);
  if (!entry) return;
  totalBytes -= entry.png.length;
  rendered.delete(key);
}

onInvalidate((tag) => {
  generation += 1;
  for (const [key, entry] of rendered) if (tag === undefined || entry.tags.includes(tag)) forget(key);
  rendering.clear();
});

/** Empties the image cache (tests). */
export function clearPreviewCache(): void {
  for (const key of [...rendered.keys()]) forget(key);
  rendering.clear();
}

/** SVG to PNG. sharp is loaded on first use, so a machine without its binary still serves pages. */
export async function renderPng(svg: string): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp(Buffer.from(svg), { density: 72 }).png({ compressionLevel: 6 }).toBuffer();
}

/** The cached PNG of `key`, drawn by `draw` on a miss (concurrent misses share one render). */
async function cachedPng(key: string, tags: string[], draw: () => string): Promise<{ png: Buffer; hit: boolean; ms: number }> {
  const hit = rendered.get(key);
  if (hit) {
    // Most recently used last: the oldest goes first when the cache is full.
    rendered.delete(key);
    rendered.set(key, hit);
    return { png: hit.png, hit: true, ms: 0 };
  }
  const started = performance.now();
  let job = rendering.get(key);
  if (!job) {
    const startedAt = generation;
    job = renderPng(draw()).then((png) => {
      if (generation === startedAt && png.length < MAX_BYTES / 16) {
        forget(key);
        rendered.set(key, { png, tags });
        totalBytes += png.length;
        for (const oldest of rendered.keys()) {
          if (totalBytes <= MAX_BYTES) break;
          forget(oldest);
        }
      }
      return png;
    });
    job.finally(() => rendering.get(key) === job && rendering.delete(key)).catch(() => {});
    rendering.set(key, job);
  }
  const png = await job;
  return { png, hit: false, ms: performance.now() - started };
}

/** The page's card for a subject, from the same cached reads as the page; null when it does not exist. */
async function subjectPreview(subject: Exclude<PreviewSubject, { kind: "logo" }>): Promise<{ preview: PagePreview; tag?: string } | null> {
  switch (subject.kind) {
    case "site":
      return { preview: sitePreview() };
    case "brand": {
      const page = await brandPage(subject.id);
      return page && { preview: brandPreview(page), tag: "catalogue" };
    }
    case "model": {
      const page = await modelPage(subject.id);
      return page && { preview: modelPreview(page), tag: "catalogue" };
    }
    case "version": {
      const page = await versionPage(subject.id);
      return page && { preview: versionPreview(page), tag: "catalogue" };
    }
    case "comparison": {
      const rows = await comparedCars(subject.ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      if (!subject.ids.every((id) => byId.has(id))) return null;
      return { preview: comparisonPreview(subject.ids.map((id) => byId.get(id)!)), tag: "catalogue" };
    }
    case "article": {
      const article = await articleDetail(subject.id);
      return article && { preview: articlePreview(article), tag: "editorial" };
    }
    case "taxonomy": {
      const page = await taxonomyPage(subject.taxonomy);
      return page && { preview: taxonomyPreview(page), tag: "editorial" };
    }
    case "guide": {
      const page = await guidePage(subject.taxonomy, subject.slug);
      return page && { preview: guidePreview(page), tag: "editorial" };
    }
  }
}

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}

function imageResponse(request: Request, png: Buffer, o: { etag: string; cacheControl: string; hit: boolean; ms: number }): Response {
  const headers = new Headers({
    "Content-Type": "image/png",
    "Cache-Control": o.cacheControl,
    ETag: o.etag,
    "X-Preview-Cache": o.hit ? "hit" : "miss",
    "Server-Timing": `render;dur=${o.ms.toFixed(1)}`,
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === o.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(png.length));
  return new Response(new Uint8Array(png), { status: 200, headers });
}

/** The answer to GET /apercu/{rest}: a PNG, a 304, or a 404 for an address or subject that does not exist. */
export async function previewImageResponse(request: Request, rest: string | undefined): Promise<Response> {
  const parsed = parsePreviewPath(rest ?? "");
  if (!parsed) return notFound();
  try {
    if (parsed.subject.kind === "logo") {
      const svg = logoSvg(PUBLISHER_LOGO_SIZE);
      const { png, hit, ms } = await cachedPng("logo", [], () => svg);
      return imageResponse(request, png, { etag: `"${fnv1a(svg)}"`, cacheControl: REVALIDATED_CACHE_CONTROL, hit, ms });
    }
    const found = await subjectPreview(parsed.subject);
    if (!found) return notFound();
    const { preview, tag } = found;
    const { png, hit, ms } = await cachedPng(`${preview.path}`, tag ? [tag] : [], () => cardSvg(preview.card));
    const current = parsed.fingerprint === preview.fingerprint;
    return imageResponse(request, png, { etag: `"${preview.fingerprint}"`, cacheControl: current ? IMMUTABLE_CACHE_CONTROL : REVALIDATED_CACHE_CONTROL, hit, ms });
  } catch (error) {
    logger.error({ err: error, path: rest }, "link preview failed");
    return new Response("Preview unavailable", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "Retry-After": "60" } });
  }
}
