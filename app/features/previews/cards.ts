// What each shareable page's link preview shows (decision 010), built from the page's own data.
// Pure and browser-safe: a route's `meta` builds its card here to name the image's address (whose
// fingerprint is taken from the card's content), and the image route builds the same card from
// the same cached reads to draw it. Content holds raw values (numbers, ISO dates); the drawing
// (card-svg.ts) formats them, so the fingerprint never depends on a browser's locale data.
import { formatPrice } from "~/lib/format";
import { type LinkPreview, SITE_PREVIEW, SITE_PREVIEW_CONTENT, previewFingerprint, previewImagePath } from "~/lib/link-preview";

/** A car drawing: body type and paint (app/ui/car-illustration.tsx). */
export interface CarArt {
  bodyType: string;
  colour: string;
}

export interface ComparedCarCard extends CarArt {
  brand: string;
  model: string;
  version: string;
  price: number;
}

export type PreviewCard =
  | typeof SITE_PREVIEW_CONTENT
  | { kind: "brand"; name: string; colour: string; modelCount: number; minPrice: number | null; cars: CarArt[] }
  | { kind: "model"; brand: string; name: string; car: CarArt; versionCount: number; minPrice: number | null }
  | {
      kind: "version";
      brand: string;
      model: string;
      name: string;
      car: CarArt;
      price: number;
      onSale: boolean;
      fuel: string;
      transmission: string;
      gears: number | null;
      powerKw: number;
    }
  | { kind: "comparison"; cars: ComparedCarCard[] }
  | { kind: "article"; category: string; title: string; publishedAt: string; readingMinutes: number; car: CarArt }
  | { kind: "taxonomy"; slug: string; name: string; description: string; guideCount: number }
  | { kind: "guide"; taxonomySlug: string; taxonomy: string; title: string; readingMinutes: number };

export interface PagePreview extends LinkPreview {
  card: PreviewCard;
  fingerprint: string;
}

function preview(subject: string, card: PreviewCard, alt: string): PagePreview {
  return { path: previewImagePath(subject, card), alt, card, fingerprint: previewFingerprint(card) };
}

const price = (value: number) => formatPrice(value, { withCurrency: true });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The site's default card (home, lists, every page without its own). */
export function sitePreview(): PagePreview {
  return { ...SITE_PREVIEW, card: SITE_PREVIEW_CONTENT, fingerprint: previewFingerprint(SITE_PREVIEW_CONTENT) };
}

/** Up to three of the brand's cars, cheapest first with one drawing per body type (whatever order the page lists them in). */
export function brandCars(models: ReadonlyArray<CarArt & { id: number; minPrice: number }>, count = 3): CarArt[] {
  const sorted = [...models].sort((a, b) => a.minPrice - b.minPrice || a.id - b.id);
  const picked: CarArt[] = [];
  for (const m of sorted) {
    if (picked.length < count && !picked.some((p) => p.bodyType === m.bodyType)) picked.push({ bodyType: m.bodyType, colour: m.colour });
  }
  for (const m of sorted) {
    if (picked.length < count && !picked.some((p) => p.bodyType === m.bodyType && p.colour === m.colour)) picked.push({ bodyType: m.bodyType, colour: m.colour });
  }
  return picked;
}

export function brandPreview(page: {
  brand: { id: number; name: string; colour: string };
  models: ReadonlyArray<CarArt & { id: number; minPrice: number }>;
  minPrice: number | null;
}): PagePreview {
  const { brand, models, minPrice } = page;
  const card: PreviewCard = { kind: "brand", name: brand.name, colour: brand.colour, modelCount: models.length, minPrice, cars: brandCars(models) };
  const alt = minPrice
    ? `${brand.name}: ${plural(models.length, "model")} on sale in South Africa, from ${price(minPrice)}`
    : `${brand.name}: new car prices in South Africa`;
  return preview(`marque/${brand.id}`, card, alt);
}

export function modelPreview(page: {
  model: { id: number; name: string; brandName: string; bodyType: string; colour: string };
  versions: ReadonlyArray<{ priceZar: number }>;
}): PagePreview {
  const { model, versions } = page;
  const minPrice = versions.length ? Math.min(...versions.map((v) => v.priceZar)) : null;
  const card: PreviewCard = {
    kind: "model",
    brand: model.brandName,
    name: model.name,
    car: { bodyType: model.bodyType, colour: model.colour },
    versionCount: versions.length,
    minPrice,
  };
  const label = `${model.brandName} ${model.name}`;
  return preview(`modele/${model.id}`, card, minPrice ? `Illustration of the ${label}, from ${price(minPrice)}` : `Illustration of the ${label}`);
}

export function versionPreview(page: {
  version: { id: number; name: string; priceZar: number; onSale: boolean; fuel: string; transmission: string; gears: number | null; powerKw: number };
  model: { name: string; brandName: string; bodyType: string; colour: string };
}): PagePreview {
  const { version, model } = page;
  const card: PreviewCard = {
    kind: "version",
    brand: model.brandName,
    model: model.name,
    name: version.name,
    car: { bodyType: model.bodyType, colour: model.colour },
    price: version.priceZar,
    onSale: version.onSale,
    fuel: version.fuel,
    transmission: version.transmission,
    gears: version.gears,
    powerKw: version.powerKw,
  };
  const label = `${model.brandName} ${model.name} ${version.name}`;
  return preview(`version/${version.id}`, card, version.onSale ? `Illustration of the ${label}, ${price(version.priceZar)}` : `Illustration of the ${label}`);
}

/** The comparator's cars in the order the page shows them. */
export function comparisonPreview(
  cars: ReadonlyArray<{ id: number; brandName: string; modelName: string; name: string; priceZar: number; bodyType: string; colour: string }>,
): PagePreview {
  const card: PreviewCard = {
    kind: "comparison",
    cars: cars.map((c) => ({ brand: c.brandName, model: c.modelName, version: c.name, price: c.priceZar, bodyType: c.bodyType, colour: c.colour })),
  };
  const names = cars.map((c) => `${c.brandName} ${c.modelName}`);
  return preview(`comparateur/${cars.map((c) => c.id).join("-")}`, card, `${names.join(" vs ")}, side by side with their prices`);
}

export function articlePreview(article: {
  id: number;
  title: string;
  categoryName: string;
  publishedAt: string;
  readingMinutes: number;
  coverBodyType: string;
  coverColour: string;
}): PagePreview {
  const card: PreviewCard = {
    kind: "article",
    category: article.categoryName,
    title: article.title,
    publishedAt: article.publishedAt,
    readingMinutes: article.readingMinutes,
    car: { bodyType: article.coverBodyType, colour: article.coverColour },
  };
  return preview(`actualite/${article.id}`, card, `${article.categoryName}: ${article.title}`);
}

export function taxonomyPreview(page: { taxonomy: { slug: string; name: string; description: string }; guides: readonly unknown[] }): PagePreview {
  const { taxonomy } = page;
  const card: PreviewCard = { kind: "taxonomy", slug: taxonomy.slug, name: taxonomy.name, description: taxonomy.description, guideCount: page.guides.length };
  return preview(`guide-pratique/${taxonomy.slug}`, card, `${taxonomy.name}: Voitura's practical guides`);
}

export function guidePreview(page: { taxonomy: { slug: string; name: string }; guide: { slug: string; title: string; readingMinutes: number } }): PagePreview {
  const { taxonomy, guide } = page;
  const card: PreviewCard = { kind: "guide", taxonomySlug: taxonomy.slug, taxonomy: taxonomy.name, title: guide.title, readingMinutes: guide.readingMinutes };
  return preview(`guide-pratique/${taxonomy.slug}/${guide.slug}`, card, `Practical guide (${taxonomy.name}): ${guide.title}`);
}

// ---------------------------------------------------------------------------------------------
// The image route's addresses

export type PreviewSubject =
  | { kind: "logo" }
  | { kind: "site" }
  | { kind: "brand" | "model" | "version" | "article"; id: number }
  | { kind: "comparison"; ids: number[] }
  | { kind: "taxonomy"; taxonomy: string }
  | { kind: "guide"; taxonomy: string; slug: string };

interface PreviewRequest {
  subject: PreviewSubject;
  /** The fingerprint the address names, if any. */
  fingerprint?: string;
}

const ID = "[1-9]\\d{0,8}";
const SLUG = "[a-z0-9][a-z0-9-]{0,99}";
const TAIL = "(?:\\.([0-9a-f]{8}))?\\.png$";
const byId = new RegExp(`^(marque|modele|version|actualite)/(${ID})${TAIL}`);
const comparison = new RegExp(`^comparateur/(${ID}(?:-${ID}){0,3})${TAIL}`);
const guide = new RegExp(`^guide-pratique/(${SLUG})(?:/(${SLUG}))?${TAIL}`);
const site = new RegExp(`^accueil${TAIL}`);
const idKinds = { marque: "brand", modele: "model", version: "version", actualite: "article" } as const;

/**
 * Reads what follows /apercu/: `logo.png`, `accueil[.f].png`, `{marque|modele|version|actualite}/{id}[.f].png`,
 * `comparateur/{id}-{id}…[.f].png` (one to four different ids, in the page's order),
 * `guide-pratique/{taxonomy}[/{guide}][.f].png`; `f` is an 8-hex-digit fingerprint. Anything else is null.
 */
export function parsePreviewPath(rest: string): PreviewRequest | null {
  if (rest === "logo.png") return { subject: { kind: "logo" } };
  let m = site.exec(rest);
  if (m) return { subject: { kind: "site" }, fingerprint: m[1] };
  m = byId.exec(rest);
  if (m) return { subject: { kind: idKinds[m[1] as keyof typeof idKinds], id: Number(m[2]) }, fingerprint: m[3] };
  m = comparison.exec(rest);
  if (m) {
    const ids = m[1]!.split("-").map(Number);
    if (new Set(ids).size !== ids.length) return null;
    return { subject: { kind: "comparison", ids }, fingerprint: m[2] };
  }
  m = guide.exec(rest);
  if (m) {
    const subject: PreviewSubject = m[2] ? { kind: "guide", taxonomy: m[1]!, slug: m[2] } : { kind: "taxonomy", taxonomy: m[1]! };
    return { subject, fingerprint: m[3] };
  }
  return null;
}
