// The link-preview cards as SVG (1200×630), drawn from the site's own pieces: the car
// illustrations, brand monograms, guide icons and the logo, in the site's colours (app/app.css).
// Pure: card in, SVG text out; previews.server.ts turns it into a PNG. librsvg draws the text
// with whatever fonts the machine has (DejaVu on our servers, any sans-serif otherwise), so lines
// are wrapped here by an estimate of each character's width that errs on the wide side.
import { createElement } from "react";
import { logoMark as mark } from "~/ui/logo-mark";
import { renderToStaticMarkup } from "react-dom/server";
import { gearboxLabel } from "~/features/catalogue/spec-groups";
import { fuelLabels } from "~/features/catalogue/types";
import { TaxonomyIcon } from "~/features/editorial/components/guide-parts";
import { formatArticleDate } from "~/features/editorial/news-rules";
import { formatPrice } from "~/lib/format";
import { PREVIEW_HEIGHT as H, PREVIEW_WIDTH as W } from "~/lib/link-preview";
import { site } from "~/lib/site";
import { BrandMonogram } from "~/ui/brand-monogram";
import { CarIllustration } from "~/ui/car-illustration";
import type { CarArt, ComparedCarCard, PreviewCard } from "./cards";

const FONT = "'DejaVu Sans', Verdana, 'Liberation Sans', Arial, Helvetica, sans-serif";

// app/app.css tokens and Tailwind's slate.
const colours = {
  primary50: "#eef5ff",
  primary100: "#d9e8ff",
  primary200: "#b6d2ff",
  primary600: "#1a5fd0",
  primary700: "#164ea9",
  primary800: "#143f85",
  slate50: "#f8fafc",
  slate200: "#e2e8f0",
  slate300: "#cbd5e1",
  slate600: "#475569",
  slate900: "#0f172a",
  amber400: "#fbbf24",
};

// ---------------------------------------------------------------------------------------------
// Text

/** Escapes text for SVG content and attribute values; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * Rough advance width of a string in a bold sans-serif, in ems. Tuned on DejaVu Sans Bold (one of
 * the widest common faces), so a narrower fallback font only leaves more room.
 */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const ch of text) {
    if (ch === " ") width += 0.35;
    else if ("il|.,:;'!·".includes(ch)) width += 0.36;
    else if ("fjtrI()[]-/".includes(ch)) width += 0.5;
    else if ("mwMW@%".includes(ch)) width += 1.05;
    else if (/[0-9]/.test(ch)) width += 0.7;
    else if (/\p{Lu}/u.test(ch)) width += 0.8;
    else width += 0.69;
  }
  return width;
}

const ELLIPSIS = "…";

/** Cuts a line to fit, at a word boundary when there is one, and ends it with an ellipsis. */
function truncate(line: string, maxEm: number): string {
  if (textWidthEm(line) <= maxEm) return line;
  let cut = line;
  while (cut.length > 1 && textWidthEm(cut + ELLIPSIS) > maxEm) {
    const space = cut.lastIndexOf(" ");
    cut = space > cut.length / 2 ? cut.slice(0, space) : cut.slice(0, -1);
    cut = cut.trimEnd();
  }
  return cut.replace(/[\s,;:.\-–]+$/, "") + ELLIPSIS;
}

/**
 * Words into lines no wider than `maxWidth` px at `fontSize`; at most `maxLines`, the last one
 * ending with an ellipsis when text is left over. A word longer than a line is cut.
 */
export function wrapText(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const maxEm = maxWidth / fontSize;
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const candidate = current ? `${current} ${word}` : word;
    if (textWidthEm(candidate) <= maxEm) {
      current = candidate;
      continue;
    }
    if (current) {
      lines.push(current);
      current = "";
      i--; // the word starts the next line
    } else {
      current = truncate(word, maxEm); // one word wider than the line
    }
    if (lines.length === maxLines) {
      const rest = words.slice(i + 1).join(" ");
      lines[maxLines - 1] = truncate(`${lines[maxLines - 1]} ${rest}`, maxEm);
      return lines;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = truncate(lines.slice(maxLines - 1).join(" "), maxEm);
    return kept;
  }
  return lines;
}

/** The largest of `sizes` at which the text fits in `maxLines` lines (else the smallest, cut). */
export function fitText(text: string, sizes: readonly number[], maxWidth: number, maxLines: number): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrapText(text, size, maxWidth, Number.POSITIVE_INFINITY);
    if (lines.length <= maxLines) return { size, lines };
  }
  const size = sizes[sizes.length - 1]!;
  return { size, lines: wrapText(text, size, maxWidth, maxLines) };
}

interface TextOptions {
  size: number;
  fill: string;
  weight?: 400 | 700;
  anchor?: "start" | "middle" | "end";
  lineHeight?: number;
  spacing?: number;
}

/** Lines of text whose first baseline is at y. */
function textBlock(lines: readonly string[], x: number, y: number, o: TextOptions): string {
  const lh = Math.round(o.size * (o.lineHeight ?? 1.15));
  const spans = lines.map((line, i) => `<tspan x="${x}" y="${y + i * lh}">${escapeXml(line)}</tspan>`).join("");
  return `<text font-family="${FONT}" font-size="${o.size}" font-weight="${o.weight ?? 700}" fill="${o.fill}" text-anchor="${o.anchor ?? "start"}"${o.spacing ? ` letter-spacing="${o.spacing}"` : ""}>${spans}</text>`;
}

const lineStep = (size: number, lineHeight = 1.15) => Math.round(size * lineHeight);

// ---------------------------------------------------------------------------------------------
// Pieces

/** The site's car illustration, placed in a box (it keeps its 320:140 proportions, centred). */
export function carSvg(car: CarArt, x: number, y: number, width: number): string {
  const markup = renderToStaticMarkup(createElement(CarIllustration, { bodyType: car.bodyType, colour: car.colour }));
  const height = Math.round((width * 140) / 320);
  return markup.replace("<svg ", `<svg x="${x}" y="${y}" width="${width}" height="${height}" `);
}

function monogramSvg(name: string, colour: string, x: number, y: number, size: number): string {
  const markup = renderToStaticMarkup(createElement(BrandMonogram, { name, colour, size }));
  return `<g transform="translate(${x} ${y})">${markup}</g>`;
}

function taxonomyIconSvg(slug: string, x: number, y: number, size: number, colour: string): string {
  const markup = renderToStaticMarkup(createElement(TaxonomyIcon, { slug, className: "" })).replaceAll("currentColor", colour);
  return markup.replace("<svg ", `<svg x="${x}" y="${y}" width="${size}" height="${size}" `).replace(/ width="24" height="24"/, "");
}

/** The logo's mark (the header's drawing, app/ui/logo-mark.ts), `size` px square at x, y. */
function logoMark(x: number, y: number, size: number): string {
  const wheels = mark.wheels
    .map((cx) => `<circle cx="${cx}" cy="${mark.wheelY}" r="${mark.wheelRadius}" fill="${colours.primary600}" stroke="#fff" stroke-width="${mark.wheelStroke}"/>`)
    .join("\n");
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="${mark.viewBox}">
<rect width="32" height="32" rx="${mark.radius}" fill="${colours.primary600}"/>
<path d="${mark.body}" fill="#fff"/>
${wheels}
<path d="${mark.windows}" fill="${colours.primary200}"/>
</svg>`;
}

/** The publisher logo of the JSON-LD: the mark alone, `size` px square. */
export function logoSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${logoMark(0, 0, size)}</svg>`;
}

const SITE_HOST = site.url.replace(/^https?:\/\/(www\.)?/, "");
const PAD = 64;

function frame(body: string, options: { stage?: { x: number; y: number; w: number; h: number } } = {}): string {
  const stage = options.stage;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.primary700}"/><stop offset=".5" stop-color="${colours.primary600}"/><stop offset="1" stop-color="${colours.slate900}"/></linearGradient>
<linearGradient id="stage" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours.slate50}"/><stop offset="1" stop-color="${colours.slate200}"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<circle cx="${W - 120}" cy="-40" r="300" fill="#fff" fill-opacity=".05"/>
${stage ? `<rect x="${stage.x}" y="${stage.y}" width="${stage.w}" height="${stage.h}" rx="32" fill="url(#stage)"/>` : ""}
${logoMark(PAD, PAD - 8, 56)}
${textBlock([site.name], PAD + 72, PAD + 34, { size: 38, fill: "#fff" })}
${body}
</svg>`;
}

/** A rounded label ("From 329.900 ZAR"), left-aligned at x with its baseline centred on y. */
function pill(text: string, x: number, y: number, o: { size: number; fill: string; colour: string }): string {
  const width = Math.round(textWidthEm(text) * o.size + o.size * 1.2);
  const height = Math.round(o.size * 1.7);
  return `<rect x="${x}" y="${y - height / 2}" width="${width}" height="${height}" rx="${height / 2}" fill="${o.fill}"/>${textBlock([text], x + Math.round(o.size * 0.6), y + Math.round(o.size * 0.36), { size: o.size, fill: o.colour })}`;
}

const price = (value: number) => formatPrice(value, { withCurrency: true });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// The text column of the cards with a stage on the right.
const COLUMN = 500;
const STAGE = { x: 616, y: 40, w: 544, h: 550 };
const EYEBROW_Y = 200;
// Text-heavy cards (articles, guides) give the text more room.
const NARROW_STAGE = { x: 760, y: 40, w: 400, h: 550 };

interface ColumnText {
  eyebrow: string;
  title: string;
  titleSizes: number[];
  titleLines: number;
  /** Lines under the title (smaller, lighter), each wrapped to `detailLines` (2) lines at most. */
  details?: string[];
  detailLines?: number;
  /** A price or status label at the bottom of the column. */
  badge?: { text: string; muted?: boolean };
  /** A line at the bottom of the column (dates, reading time). */
  footer?: string;
  width?: number;
}

const DETAIL_SIZE = 27;

function column(t: ColumnText): string {
  const width = t.width ?? COLUMN;
  const eyebrow = wrapText(t.eyebrow.toUpperCase(), 24, width, 1);
  const out = [textBlock(eyebrow, PAD, EYEBROW_Y, { size: 24, fill: colours.primary200, spacing: 1.5 })];
  // The lowest baseline the title and details may reach: above the badge or footer.
  const limit = t.badge ? H - PAD - 28 - 29 - 30 : t.footer ? H - PAD - 18 - 28 - 30 : H - PAD;
  const details = (t.details ?? []).map((detail) => wrapText(detail, DETAIL_SIZE, width, t.detailLines ?? 2));
  const detailsHeight = (lines: string[][]) => lines.reduce((sum, l) => sum + l.length * lineStep(DETAIL_SIZE, 1.3), 0);
  // The largest title size at which the title keeps to its lines and the details still fit.
  const layout = (size: number, lines: string[]) => {
    const top = EYEBROW_Y + 28 + size;
    return { size, lines, top, detailsTop: top + (lines.length - 1) * lineStep(size, 1.12) + 50 };
  };
  let chosen: ReturnType<typeof layout> | undefined;
  for (const size of t.titleSizes) {
    const lines = wrapText(t.title, size, width, Number.POSITIVE_INFINITY);
    if (lines.length > t.titleLines) continue;
    const candidate = layout(size, lines);
    if (candidate.detailsTop + detailsHeight(details) - lineStep(DETAIL_SIZE, 1.3) <= limit) {
      chosen = candidate;
      break;
    }
  }
  if (!chosen) {
    const size = t.titleSizes[t.titleSizes.length - 1]!;
    chosen = layout(size, fitText(t.title, [size], width, t.titleLines).lines);
  }
  out.push(textBlock(chosen.lines, PAD, chosen.top, { size: chosen.size, fill: "#fff", lineHeight: 1.12 }));
  let y = chosen.detailsTop;
  for (const lines of details) {
    const fitting = lines.filter((_, i) => y + i * lineStep(DETAIL_SIZE, 1.3) <= limit);
    if (fitting.length === 0) break;
    out.push(textBlock(fitting, PAD, y, { size: DETAIL_SIZE, fill: colours.primary100, weight: 400, lineHeight: 1.3 }));
    y += fitting.length * lineStep(DETAIL_SIZE, 1.3);
  }
  if (t.footer) out.push(textBlock(wrapText(t.footer, 28, width, 1), PAD, H - PAD - 18, { size: 28, fill: colours.primary100, weight: 400 }));
  if (t.badge) {
    out.push(
      pill(wrapText(t.badge.text, 34, width - 40, 1)[0] ?? "", PAD, H - PAD - 28, {
        size: 34,
        fill: t.badge.muted ? colours.primary800 : "#fff",
        colour: t.badge.muted ? colours.primary100 : colours.primary800,
      }),
    );
  }
  return out.join("\n");
}

/** One car, as large as the stage allows, standing on its lower part. */
function stageCar(car: CarArt): string {
  const width = STAGE.w - 40;
  return carSvg(car, STAGE.x + 20, STAGE.y + STAGE.h - 120 - Math.round((width * 140) / 320), width);
}

// ---------------------------------------------------------------------------------------------
// Cards

function siteCard(): string {
  const cars = [
    carSvg({ bodyType: "suv", colour: "#b91c1c" }, STAGE.x + 150, STAGE.y + 70, 380),
    carSvg({ bodyType: "bakkie", colour: "#f8fafc" }, STAGE.x + 10, STAGE.y + 190, 400),
    carSvg({ bodyType: "hatchback", colour: colours.primary600 }, STAGE.x + 150, STAGE.y + 320, 380),
  ];
  return frame(
    column({
      eyebrow: "New cars in South Africa",
      title: "Find the right new car at the right price.",
      titleSizes: [56],
      titleLines: 4,
      details: ["Rand prices, full specs and side-by-side comparisons."],
    }) + cars.join("\n"),
    { stage: STAGE },
  );
}

function brandCard(c: Extract<PreviewCard, { kind: "brand" }>): string {
  const cars = c.cars.slice(0, 3);
  const width = cars.length > 1 ? 380 : STAGE.w - 40;
  const steps = cars.length > 1 ? (STAGE.h - 170 - Math.round((width * 140) / 320)) / (cars.length - 1) : 0;
  const drawn = cars.map((car, i) => {
    const x = cars.length > 1 ? STAGE.x + (i % 2 === 0 ? STAGE.w - width - 16 : 16) : STAGE.x + 20;
    const y = cars.length > 1 ? STAGE.y + 130 + Math.round(i * steps) : STAGE.y + STAGE.h - 120 - Math.round((width * 140) / 320);
    return carSvg(car, x, y, width);
  });
  return frame(
    column({
      eyebrow: "New car prices",
      title: c.name,
      titleSizes: [80, 68, 56],
      titleLines: 2,
      details: [c.modelCount ? `${plural(c.modelCount, "model")} on sale` : "No model on sale right now"],
      badge: c.minPrice ? { text: `From ${price(c.minPrice)}` } : undefined,
    }) +
      monogramSvg(c.name, c.colour, STAGE.x + 28, STAGE.y + 28, 96) +
      drawn.join("\n"),
    { stage: STAGE },
  );
}

function modelCard(c: Extract<PreviewCard, { kind: "model" }>): string {
  return frame(
    column({
      eyebrow: c.brand,
      title: c.name,
      titleSizes: [76, 64, 54],
      titleLines: 3,
      details: [c.versionCount ? `${plural(c.versionCount, "version")} on sale` : "No version on sale right now"],
      badge: c.minPrice ? { text: `From ${price(c.minPrice)}` } : undefined,
    }) + stageCar(c.car),
    { stage: STAGE },
  );
}

function versionCard(c: Extract<PreviewCard, { kind: "version" }>): string {
  const fuel = fuelLabels[c.fuel as keyof typeof fuelLabels] ?? c.fuel;
  const gearbox = gearboxLabel(c.transmission as Parameters<typeof gearboxLabel>[0], c.gears) ?? c.transmission;
  return frame(
    column({
      eyebrow: `${c.brand} ${c.model}`,
      title: c.name,
      titleSizes: [64, 54, 46],
      titleLines: 3,
      details: [`${fuel} · ${gearbox}`, `${c.powerKw} kW`],
      badge: c.onSale ? { text: price(c.price) } : { text: "No longer on sale", muted: true },
    }) + stageCar(c.car),
    { stage: STAGE },
  );
}

function comparisonCard(c: Extract<PreviewCard, { kind: "comparison" }>): string {
  const cars = c.cars.slice(0, 4);
  const stage = { x: 40, y: 150, w: W - 80, h: H - 190 };
  const n = Math.max(1, cars.length);
  const gap = 24;
  const colW = Math.floor((stage.w - 40 - gap * (n - 1)) / n);
  const maxCar = n === 1 ? 520 : n === 2 ? 440 : colW;
  const nameSize = n >= 4 ? 26 : 30;
  const parts: string[] = [
    textBlock([n > 1 ? `${n} cars side by side` : "Compare new cars"], W - PAD, PAD + 32, { size: 30, fill: colours.primary100, anchor: "end" }),
  ];
  const carW = Math.min(maxCar, colW);
  const carH = Math.round((carW * 140) / 320);
  const texts = cars.map((car: ComparedCarCard) => ({
    name: wrapText(`${car.brand} ${car.model}`, nameSize, colW - 8, 2),
    version: wrapText(car.version, 22, colW - 8, 2),
  }));
  // Every column's price on one line under the tallest name and version; the group centred in the stage.
  const textHeight = Math.max(...texts.map((t) => t.name.length * lineStep(nameSize) + t.version.length * lineStep(22)));
  const groupHeight = carH + 40 + textHeight + 24 + nameSize;
  const top = stage.y + Math.max(20, Math.round((stage.h - groupHeight) / 2));
  const priceY = top + carH + 40 + textHeight + 24 + nameSize;
  cars.forEach((car: ComparedCarCard, i) => {
    const x = stage.x + 20 + i * (colW + gap);
    const centre = Math.round(x + colW / 2);
    parts.push(carSvg(car, Math.round(centre - carW / 2), top, carW));
    let y = top + carH + 40 + nameSize - 6;
    const { name, version } = texts[i]!;
    parts.push(textBlock(name, centre, y, { size: nameSize, fill: colours.slate900, anchor: "middle" }));
    y += (name.length - 1) * lineStep(nameSize) + lineStep(22) + 6;
    parts.push(textBlock(version, centre, y, { size: 22, fill: colours.slate600, weight: 400, anchor: "middle" }));
    parts.push(textBlock([price(car.price)], centre, priceY, { size: nameSize, fill: colours.primary700, anchor: "middle" }));
    if (i > 0) {
      const vx = Math.round(x - gap / 2);
      const vy = top + Math.round(carH / 2);
      parts.push(`<line x1="${vx}" y1="${stage.y + 30}" x2="${vx}" y2="${stage.y + stage.h - 30}" stroke="${colours.slate300}" stroke-width="2"/>`);
      parts.push(`<circle cx="${vx}" cy="${vy}" r="24" fill="${colours.primary600}"/>`);
      parts.push(textBlock(["vs"], vx, vy + 8, { size: 22, fill: "#fff", anchor: "middle" }));
    }
  });
  return frame(parts.join("\n"), { stage });
}

function articleCard(c: Extract<PreviewCard, { kind: "article" }>): string {
  const stage = NARROW_STAGE;
  const width = stage.w - 24;
  const car = carSvg(c.car, stage.x + 12, stage.y + Math.round((stage.h - (width * 140) / 320) / 2) + 20, width);
  return frame(
    column({
      eyebrow: c.category,
      title: c.title,
      titleSizes: [56, 50, 44, 40],
      titleLines: 4,
      width: 650,
      footer: `${formatArticleDate(c.publishedAt)} · ${c.readingMinutes} min read`,
    }) + car,
    { stage },
  );
}

function guideArt(slug: string, stage: { x: number; y: number; w: number; h: number }): string {
  const r = 130;
  const cx = stage.x + stage.w / 2;
  const cy = stage.y + stage.h / 2 + 10;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colours.primary600}"/>${taxonomyIconSvg(slug, cx - 80, cy - 80, 160, "#fff")}`;
}

function taxonomyCard(c: Extract<PreviewCard, { kind: "taxonomy" }>): string {
  const stage = NARROW_STAGE;
  return frame(
    column({
      eyebrow: "Practical guides",
      title: c.name,
      titleSizes: [64, 56, 48],
      titleLines: 2,
      width: 650,
      details: [c.description],
      detailLines: 3,
      badge: c.guideCount ? { text: plural(c.guideCount, "guide") } : undefined,
    }) + guideArt(c.slug, stage),
    { stage },
  );
}

function guideCard(c: Extract<PreviewCard, { kind: "guide" }>): string {
  const stage = NARROW_STAGE;
  return frame(
    column({
      eyebrow: `Practical guide · ${c.taxonomy}`,
      title: c.title,
      titleSizes: [56, 50, 44, 40],
      titleLines: 4,
      width: 650,
      footer: `${c.readingMinutes} min read`,
    }) + guideArt(c.taxonomySlug, stage),
    { stage },
  );
}

/** The whole card as an SVG document. */
export function cardSvg(card: PreviewCard): string {
  switch (card.kind) {
    case "site":
      return siteCard();
    case "brand":
      return brandCard(card);
    case "model":
      return modelCard(card);
    case "version":
      return versionCard(card);
    case "comparison":
      return comparisonCard(card);
    case "article":
      return articleCard(card);
    case "taxonomy":
      return taxonomyCard(card);
    case "guide":
      return guideCard(card);
  }
}
