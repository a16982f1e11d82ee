// Pure display and parsing rules from the spec (sections 3, 5 and 9).

const DEFAULT_CURRENCY = "ZAR";

/**
 * Price display: digits grouped in threes with a dot ("329.900"); empty or 0 shows "-";
 * `withCurrency` appends " ZAR".
 */
export function formatPrice(value: number | string | null | undefined, options: { withCurrency?: boolean } = {}): string {
  if (value === null || value === undefined || value === "") return "-";
  const n = typeof value === "number" ? value : Number(String(value).replace(/[^\d.-]/g, ""));
  if (!Number.isFinite(n) || n === 0) return "-";
  const sign = n < 0 ? "-" : "";
  const digits = String(Math.round(Math.abs(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}${grouped}${options.withCurrency ? ` ${DEFAULT_CURRENCY}` : ""}`;
}

/** "12 345": digits grouped by thousands with a space, the same on the server and in every browser. */
export function groupDigits(value: number): string {
  const sign = value < 0 ? "-" : "";
  return sign + String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

/** "R 18 000": an amount in a sentence or a key fact (asking prices use formatPrice, the spec's format). */
export const formatRand = (value: number): string => `${value < 0 ? "-" : ""}R ${groupDigits(Math.abs(value))}`;

/** "86 000 km". */
export const formatKm = (km: number): string => `${groupDigits(km)} km`;

interface PriceRange {
  currency: string;
  min: number;
  max?: number;
}

/**
 * Parses price-range text such as "329.900 - 459.900", "R 250,000 - R 310,000", "ZAR 199 900"
 * or "from 199.900*". Dots and asterisks are stripped first; a lone number is the minimum.
 */
export function parsePriceRange(text: string | null | undefined): PriceRange {
  const range: PriceRange = { currency: DEFAULT_CURRENCY, min: 0 };
  if (!text) return range;
  const cleaned = text.replace(/[.*]/g, "");
  const currency = cleaned.match(/\b([A-Z]{3})\b/);
  if (currency) range.currency = currency[1]!;
  const numbers = cleaned
    .split(/\s+-\s+|\s*[-–]\s*(?=\D*\d)/)
    .map((part) => part.replace(/[,\s\u00a0]/g, "").match(/\d+/)?.[0])
    .filter((d): d is string => d !== undefined)
    .map(Number);
  if (numbers.length > 0) range.min = numbers[0]!;
  if (numbers.length > 1) range.max = numbers[1]!;
  return range;
}

export type StructuredOffer =
  | { "@type": "AggregateOffer"; priceCurrency: string; lowPrice: number; highPrice: number }
  | {
      "@type": "Offer";
      priceCurrency: string;
      price: number;
      availability: "https://schema.org/InStock";
      itemCondition: "https://schema.org/NewCondition";
    };

/** Structured offer data: none without a minimum; an AggregateOffer when a distinct maximum exists; else one Offer. */
export function structuredOffer(range: PriceRange): StructuredOffer | undefined {
  if (!range.min) return undefined;
  if (range.max !== undefined && range.max !== range.min) {
    return { "@type": "AggregateOffer", priceCurrency: range.currency, lowPrice: range.min, highPrice: range.max };
  }
  return {
    "@type": "Offer",
    priceCurrency: range.currency,
    price: range.min,
    availability: "https://schema.org/InStock",
    itemCondition: "https://schema.org/NewCondition",
  };
}

/** Boolean-like values: 0, 1, true, false as number, boolean or string (any case). Anything else: undefined. */
export function parseBooleanLike(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (value === 0 || value === 1) return value === 1;
  if (typeof value === "string") {
    const v = value.trim().toLowerCase();
    if (v === "1" || v === "true") return true;
    if (v === "0" || v === "false") return false;
  }
  return undefined;
}

/** The last path segment in title case: "/a-propos-de-nous" → "A Propos De Nous". */
export function titleFromPath(pathname: string): string {
  const segment = pathname.split("/").filter(Boolean).pop();
  if (!segment) return "";
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  return decoded
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase("en-ZA") + word.slice(1))
    .join(" ");
}
