// The dealer page's structured data: schema.org AutoDealer with its address, telephone, opening
// hours (by day, and the public holidays of the next two months), the brands it sells, and the
// average of its buyers' ratings.
import { cityName, provinceName } from "~/lib/places";
import { absoluteUrl } from "~/lib/seo";
import { type OpeningHours, type OpeningInterval, weekdays } from "../../../db/schema/vocabulary";
import { southAfricanDay, timeMinutes, weekdayNames } from "./opening-hours";
import { SOUTH_AFRICAN_HOLIDAY_DATES } from "./public-holidays";
import { dealerAggregateRating, type RatingSummary } from "./ratings/rating-rules";

const readable = (list: readonly OpeningInterval[] | undefined) => (list ?? []).filter((i) => timeMinutes(i.opens) !== null && timeMinutes(i.closes) !== null);
// schema.org writes a whole day as 00:00-23:59; a closing time at or before the opening runs past midnight, as here.
const closesText = (i: OpeningInterval) => (i.opens === "00:00" && i.closes === "00:00" ? "23:59" : i.closes);

/** One OpeningHoursSpecification per distinct interval, with every day that keeps it. */
export function openingHoursSpecification(hours: OpeningHours): Record<string, unknown>[] {
  const byInterval = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const day of weekdays) {
    for (const interval of readable(hours[day])) {
      const key = `${interval.opens}-${interval.closes}`;
      const entry = byInterval.get(key) ?? { opens: interval.opens, closes: closesText(interval), days: [] };
      entry.days.push(`https://schema.org/${weekdayNames[day]}`);
      byInterval.set(key, entry);
    }
  }
  return [...byInterval.values()].map((e) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: e.days, opens: e.opens, closes: e.closes }));
}

/** The public holidays from today for `days` days, each with its hours (00:00-00:00: closed, as Google reads it). */
export function holidayHoursSpecification(hours: OpeningHours, now: Date, days = 60, holidays: readonly string[] = SOUTH_AFRICAN_HOLIDAY_DATES): Record<string, unknown>[] {
  const today = southAfricanDay(now).date;
  const until = southAfricanDay(new Date(now.getTime() + days * 86_400_000)).date;
  const intervals = readable(hours.holidays);
  return holidays
    .filter((date) => date >= today && date <= until)
    .flatMap((date) =>
      (intervals.length ? intervals : [{ opens: "00:00", closes: "00:00", closed: true }]).map((i) => ({
        "@type": "OpeningHoursSpecification",
        validFrom: date,
        validThrough: date,
        opens: i.opens,
        closes: "closed" in i ? "00:00" : closesText(i),
      })),
    );
}

interface DealerJsonLdInput {
  origin: string;
  canonicalPath: string;
  now: Date;
  dealer: {
    name: string;
    groupName: string | null;
    streetAddress: string;
    suburb: string;
    city: string;
    province: string;
    postalCode: string;
    phone: string | null;
    email: string | null;
    website: string | null;
    openingHours: OpeningHours | null;
  };
  brands: readonly { name: string }[];
  /** The shown buyers' ratings: an AggregateRating only when there is at least one. */
  ratings?: Pick<RatingSummary, "count" | "overall">;
}

export function dealerJsonLd({ origin, canonicalPath, now, dealer, brands, ratings }: DealerJsonLdInput): Record<string, unknown> {
  const url = absoluteUrl(origin, canonicalPath);
  const aggregateRating = ratings ? dealerAggregateRating(ratings) : undefined;
  const street = [dealer.streetAddress, dealer.suburb].filter(Boolean).join(", ");
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    "@id": url,
    name: dealer.name,
    url,
    address: {
      "@type": "PostalAddress",
      ...(street ? { streetAddress: street } : {}),
      addressLocality: cityName(dealer.city),
      addressRegion: provinceName(dealer.province),
      ...(dealer.postalCode ? { postalCode: dealer.postalCode } : {}),
      addressCountry: "ZA",
    },
    ...(dealer.phone ? { telephone: dealer.phone } : {}),
    ...(dealer.email ? { email: dealer.email } : {}),
    ...(dealer.website ? { sameAs: [dealer.website] } : {}),
    ...(dealer.openingHours
      ? {
          openingHoursSpecification: openingHoursSpecification(dealer.openingHours),
          specialOpeningHoursSpecification: holidayHoursSpecification(dealer.openingHours, now),
        }
      : {}),
    ...(brands.length ? { brand: brands.map((b) => ({ "@type": "Brand", name: b.name })) } : {}),
    ...(dealer.groupName ? { parentOrganization: { "@type": "Organization", name: dealer.groupName } } : {}),
    ...(aggregateRating ? { aggregateRating } : {}),
  };
}
