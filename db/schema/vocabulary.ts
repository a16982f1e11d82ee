// The fixed vocabularies of the schema's text columns, with no database code: the browser's
// bundles import them from here (importing a table module would ship the ORM to every page).

export const bodyTypes = [
  "hatchback",
  "sedan",
  "suv",
  "crossover",
  "bakkie",
  "double-cab",
  "mpv",
  "coupe",
  "convertible",
  "station-wagon",
  "van",
] as const;
export type BodyType = (typeof bodyTypes)[number];

export const fuelTypes = ["petrol", "diesel", "hybrid", "plug-in-hybrid", "electric"] as const;
export type FuelType = (typeof fuelTypes)[number];

export const transmissions = ["manual", "automatic", "cvt", "dual-clutch"] as const;
export type Transmission = (typeof transmissions)[number];

export const drives = ["fwd", "rwd", "awd", "4x4"] as const;
export type Drive = (typeof drives)[number];

export const equipmentCategories = ["safety", "driver-assistance", "comfort", "multimedia", "exterior", "interior"] as const;
export type EquipmentCategory = (typeof equipmentCategories)[number];
export type Equipment = Partial<Record<EquipmentCategory, string[]>>;

// The used-car marketplace.
// "paused": hidden by its seller, who can put it back; it keeps its expiry date.
// "under_review": hidden from buyers after reports from three established accounts, until a
// moderator restores or removes it (docs/moderation.md).
export const adStatuses = ["draft", "published", "paused", "sold", "expired", "removed", "under_review"] as const;
export type AdStatus = (typeof adStatuses)[number];

export const sellerKinds = ["private", "dealer"] as const;
export type SellerKind = (typeof sellerKinds)[number];

/** The marketplace's drive choice (the catalogue's fwd and rwd are both 2WD to a buyer). */
export const adDrives = ["2wd", "4x4", "awd"] as const;
export type AdDrive = (typeof adDrives)[number];

export const serviceHistories = ["full", "partial", "none"] as const;
export type ServiceHistory = (typeof serviceHistories)[number];

export const reportReasons = ["scam", "sold", "wrong-details", "offensive", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

// The dealer directory (issue 16).
export const dealerKinds = ["franchise", "independent"] as const;
export type DealerKind = (typeof dealerKinds)[number];

export const dealerServices = ["sales", "service", "parts", "finance"] as const;
export type DealerService = (typeof dealerServices)[number];

// Dealer accounts (issue 46). The owner manages people and the dealer's details; staff list and
// edit stock and answer leads.
export const dealerRoles = ["owner", "staff"] as const;
export type DealerRole = (typeof dealerRoles)[number];

// A claim of a dealer: a code mailed to the dealer's listed address, or a moderator's review when
// there is no address or the claimant cannot receive it.
export const dealerClaimStatuses = ["code-sent", "in-review", "approved", "refused"] as const;
export type DealerClaimStatus = (typeof dealerClaimStatuses)[number];

// What the dealer's staff did with a lead, a dealer-page message or a message about its ads.
export const dealerLeadStatuses = ["new", "contacted", "appointment", "sold", "lost"] as const;
export type DealerLeadStatus = (typeof dealerLeadStatuses)[number];

// Buyers rate a dealer they contacted (1-5 on each).
export const dealerRatingCriteria = ["response", "honesty", "as-described"] as const;
export type DealerRatingCriterion = (typeof dealerRatingCriteria)[number];

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof weekdays)[number];

/** One opening interval in South African time, "HH:MM"; a `closes` at or before `opens` runs past midnight. */
export interface OpeningInterval {
  opens: string;
  closes: string;
}

/** A dealer's week: intervals per day (none: closed), and the hours kept on public holidays (none: closed). */
export type OpeningHours = Record<Weekday, OpeningInterval[]> & { holidays: OpeningInterval[] };

// Owner reviews (issue 16): the seven criteria scored 0-10 beside the overall score.
export const reviewCriteria = [
  "comfort",
  "performance",
  "fuel-economy",
  "reliability",
  "practicality",
  "value-for-money",
  "after-sales",
] as const;
export type ReviewCriterion = (typeof reviewCriteria)[number];

export const reviewReportReasons = ["fake", "offensive", "off-topic", "personal-data", "other"] as const;
export type ReviewReportReason = (typeof reviewReportReasons)[number];

/**
 * What a lead asks for: a car to buy (the lead popup, issue 17), or offers for the shopper's own
 * car (the valuation's "Get offers from dealers", issue 47).
 */
export const leadRequestKinds = ["find-car", "trade-in"] as const;
export type LeadRequestKind = (typeof leadRequestKinds)[number];

/** The car a trade-in lead offers, as the shopper valued it, with the valuation they saw. */
export interface LeadTradeInCar {
  makeName: string;
  modelName: string;
  variant: string;
  year: number;
  km: number;
  /** The good-or-fair asking-price range and its comparables; null under five comparables. */
  valuation: { low: number; high: number; comparables: number } | null;
}

// The lead-capture popup (issue 17): its steps' choices, stored as these slugs.
export const leadCarConditions = ["new", "used", "either"] as const;
export type LeadCarCondition = (typeof leadCarConditions)[number];

export const leadPaymentMethods = ["cash", "finance", "lease", "trade-in-finance"] as const;
export type LeadPaymentMethod = (typeof leadPaymentMethods)[number];

/** A budget is a price range (ZAR) or a monthly instalment (ZAR a month). */
export const leadBudgetKinds = ["price", "monthly"] as const;
export type LeadBudgetKind = (typeof leadBudgetKinds)[number];

export const leadContactTimes = ["any", "morning", "afternoon", "evening"] as const;
export type LeadContactTime = (typeof leadContactTimes)[number];

/** One car a shopper asks about: a catalogue brand, optionally one of its models. */
export interface LeadWantedCar {
  brandId: number;
  modelId: number | null;
}

/** Where a lead came from: the page, its referrer and the UTM parameters of the visit. */
export interface LeadAttribution {
  sourcePath: string;
  referrer: string | null;
  utm: Partial<Record<"source" | "medium" | "campaign" | "term" | "content", string>>;
}

// Banners (issue 17): the slots pages reserve a box for.
export const bannerSlots = ["home-top", "model-side", "article-inline", "used-search-results"] as const;
export type BannerSlot = (typeof bannerSlots)[number];
