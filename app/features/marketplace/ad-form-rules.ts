// The fixed parts of the ad page's forms, without the validation library, for the browser's first
// load: the contact form loads its schema (contact-schema.ts) when a buyer starts writing, and the
// report form is checked by the server only (report-schema.ts).

export const SELLER_CONTACT_LIMITS = { name: 100, email: 254, messageMin: 10, messageMax: 3000 } as const;

export const SELLER_CONTACT_SUCCESS = "Your message is on its way to the seller. They will answer you by email (or phone, if you gave a number).";

export const sellerContactFields = ["name", "email", "phone", "message", "consent"] as const;
export type SellerContactField = (typeof sellerContactFields)[number];
export type SellerContactValues = Partial<Record<SellerContactField, string>>;

/** The form's raw values, echoed back after a failed send (never the captcha). */
export function sellerContactValues(source: FormData): SellerContactValues {
  const out: SellerContactValues = {};
  for (const field of sellerContactFields) {
    const value = source.get(field);
    if (typeof value === "string") out[field] = value.slice(0, 10_000);
  }
  return out;
}

/** The message the form starts with. */
export const defaultContactMessage = (title: string): string => `Hello, is your ${title} still available? I would like to know more.`;

/** The report form's optional details. */
export const REPORT_DETAILS_MAX = 1000;

/** Live ads (published or paused) a private seller may have at once. */
export const PRIVATE_LIVE_AD_LIMIT = 10;
export const PRIVATE_LIVE_AD_LIMIT_MESSAGE = `You already have ${PRIVATE_LIVE_AD_LIMIT} ads for sale, the most a private seller may have. Mark one as sold or delete one, then try again.`;

/** The posting form's limits (the rules are in ad-form-schema.ts; the fields read these without the validation library). */
export const AD_FORM_LIMITS = {
  make: 40,
  model: 60,
  variant: 80,
  yearMin: 1950,
  /** Next year's models are on sale from mid-year. */
  yearMax: new Date().getUTCFullYear() + 1,
  mileageMax: 1_500_000,
  ownersMax: 20,
  engineCcMin: 600,
  engineCcMax: 8_500,
  priceMin: 5_000,
  priceMax: 20_000_000,
  descriptionMin: 30,
  descriptionMax: 4_000,
  equipmentItems: 40,
  equipmentItem: 60,
  /** A dealer's own reference for a car (its stock feed's key). */
  stockNumber: 40,
} as const;

/** A dealer's stock number, the same in the posting form and the stock feed: it reads the same in a URL, a CSV and a dealer's system. */
export const STOCK_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;
export const STOCK_NUMBER_MESSAGE = "A stock number is 1 to 40 letters, digits, dots, dashes, slashes or underscores, starting with a letter or digit";

/** How many live ads a dealer may have unless the operator sets another limit (dealers.ad_limit). */
export const DEALER_LIVE_AD_LIMIT_DEFAULT = 500;
export const dealerLiveAdLimitMessage = (limit: number) =>
  `Your dealership already has ${limit} ads for sale, its limit on Voitura. Mark one as sold or pause one, or ask us for a higher limit.`;
