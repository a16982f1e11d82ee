// The owner's form of a dealer's public details (issue 46): phone, website, hours per day and on
// public holidays, brands, services and a description. Every value goes through the dealer
// importer's own readers (import.ts, opening-hours-text.ts), so a value the importer refuses is
// refused here with the same words, and the stored dealer obeys the same rules (dealerRuleIssues,
// checked on the server with the dealer's kind).
import { type DealerService, type OpeningHours, type OpeningInterval, weekdays, type Weekday } from "../../../db/schema/vocabulary";
import { DEALER_LIMITS, readDealerServices, readDealerWebsite, readPhone } from "./dealer-rules";
import { dayText, parseOpeningHoursText } from "./opening-hours-text";

export const DESCRIPTION_MAX = 2000;
export const MAX_DEALER_BRANDS = DEALER_LIMITS.brands;

export type HoursDay = Weekday | "holidays";
export const hoursDays: readonly HoursDay[] = [...weekdays, "holidays"];
export const hoursDayLabels: Record<HoursDay, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
  holidays: "Public holidays",
};

export type DetailsField = "phone" | "website" | `hours_${HoursDay}` | "brands" | "services" | "description" | "logo";
export type DetailsErrors = Partial<Record<DetailsField, string>>;

/** The form as sent: text as typed, brand ids and services as checked. */
export interface DealerDetailsForm {
  phone: string;
  website: string;
  hours: Record<HoursDay, string>;
  brandIds: string[];
  services: string[];
  description: string;
}

/** What is stored: null for "not given". */
export interface DealerDetailsInput {
  phone: string | null;
  website: string | null;
  openingHours: OpeningHours | null;
  brandIds: number[];
  services: DealerService[];
  description: string;
}

export function readDetailsForm(form: FormData): DealerDetailsForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    phone: text("phone"),
    website: text("website"),
    hours: Object.fromEntries(hoursDays.map((day) => [day, text(`hours_${day}`)])) as Record<HoursDay, string>,
    brandIds: form.getAll("brands").filter((v): v is string => typeof v === "string"),
    services: form.getAll("services").filter((v): v is string => typeof v === "string"),
    description: text("description"),
  };
}

/** The stored dealer as the form shows it. */
export function detailsFormOf(dealer: { phone: string | null; website: string | null; openingHours: OpeningHours | null; brandIds: number[]; services: DealerService[]; description: string }): DealerDetailsForm {
  const hours = Object.fromEntries(hoursDays.map((day) => [day, dealer.openingHours ? dayText(dealer.openingHours[day]) : ""])) as Record<HoursDay, string>;
  return { phone: dealer.phone ?? "", website: dealer.website ?? "", hours, brandIds: dealer.brandIds.map(String), services: dealer.services, description: dealer.description };
}

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** Plain text: line ends made \n, no more than one empty line in a row, trimmed. */
export function cleanDescription(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n").trim();
}

/** A day's hours from its field: empty is closed; the importer's words otherwise ("08:00-17:00", "closed", "24h"). */
function readDayHours(day: HoursDay, text: string): OpeningInterval[] | string {
  if (text.trim() === "") return [];
  const week = parseOpeningHoursText(`${day} ${text.replace(/;/g, ",")}`);
  if (typeof week === "string" || week === null) return typeof week === "string" ? week : [];
  return week[day];
}

/** Checks the form; every problem is named by its field. */
export function checkDealerDetails(form: DealerDetailsForm): { input?: DealerDetailsInput; errors: DetailsErrors } {
  const errors: DetailsErrors = {};

  let phone: string | null = null;
  if (form.phone.trim()) {
    const read = readPhone(form.phone.trim());
    if ("error" in read) errors.phone = `Phone: ${read.error}.`;
    else phone = read.value;
  }

  let website: string | null = null;
  if (form.website.trim()) {
    const read = readDealerWebsite(form.website.trim());
    if ("error" in read) errors.website = `Website: ${read.error}.`;
    else website = read.value;
  }

  const week: Partial<OpeningHours> = {};
  for (const day of hoursDays) {
    const read = readDayHours(day, form.hours[day]);
    if (typeof read === "string") errors[`hours_${day}`] = `${hoursDayLabels[day]}: ${read}.`;
    else week[day] = read;
  }
  // Every day left empty: the hours are not shown at all (rather than "closed all week").
  const openingHours = hoursDays.every((day) => form.hours[day].trim() === "") ? null : (week as OpeningHours);

  const brandIds = [...new Set(form.brandIds.map(Number))];
  if (brandIds.some((id) => !Number.isSafeInteger(id) || id <= 0)) errors.brands = "Brands: choose brands from the list.";
  else if (brandIds.length > MAX_DEALER_BRANDS) errors.brands = `Brands: at most ${MAX_DEALER_BRANDS} brands.`;

  let services: DealerService[] = [];
  const readServices = readDealerServices(form.services);
  if ("error" in readServices) errors.services = `Services: ${readServices.error}.`;
  else services = readServices.value;

  const description = cleanDescription(form.description);
  if (description.length > DESCRIPTION_MAX) errors.description = `Description: at most ${DESCRIPTION_MAX} characters (it has ${description.length}).`;
  else if (CONTROL.test(description)) errors.description = "Description: plain text only.";

  if (Object.keys(errors).length) return { errors };
  return { errors, input: { phone, website, openingHours, brandIds, services, description } };
}
