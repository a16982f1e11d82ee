import { cleanLine, cleanText, normalisePhone } from "~/features/contact/schemas";
import { z } from "~/lib/zod";
import { amountDigits } from "~/lib/amounts";
import { adDrives, bodyTypes, fuelTypes, serviceHistories, transmissions } from "../../../../db/schema/vocabulary";
import { findCity, findProvince } from "~/lib/places";
import { findColour } from "../vocabulary";
import { AD_FORM_LIMITS, STOCK_NUMBER_MESSAGE, STOCK_NUMBER_PATTERN } from "../ad-form-rules";
import { formatRand, formatKm } from "~/lib/format";

// The rules of posting an ad, one schema per step of the guided form, shared by the browser
// (messages under the fields as the seller types) and the server (the authority, which saves each
// step as a draft). Publishing checks every step at once. Text is kept as typed and escaped
// wherever it is shown.

export { AD_FORM_LIMITS };

export const DESCRIPTION_PHONE_MESSAGE =
  "Please take the phone number out of the description and put it in the contact step: buyers see it there when you choose to show it, and the number of calls is counted";
export const DESCRIPTION_LINK_MESSAGE = "Please take the link or email address out of the description: buyers contact you through the form on the ad";

// South African numbers as people type them in a text ("082 123 4567", "+27 82-123-4567", "0821234567").
const PHONE_IN_TEXT = /(?:\+?27|\b0)[\s\-().]*[1-9](?:[\s\-().]*\d){8}\b/;
const LINK_IN_TEXT = /\b(?:https?:\/\/|www\.)\S+|\b[\w.+-]+@[\w-]+\.[\w.-]+\b|\b[\w-]+\.(?:co\.za|com|net|org|africa|za)\b/i;

/** Contact details typed into a description, for the seller to move to the contact step. */
export function descriptionContactProblem(text: string): string | undefined {
  if (PHONE_IN_TEXT.test(text)) return DESCRIPTION_PHONE_MESSAGE;
  if (LINK_IN_TEXT.test(text)) return DESCRIPTION_LINK_MESSAGE;
  return undefined;
}

/** A South African number as stored: +27 and nine digits. */
export function internationalPhone(value: string): string | null {
  const compact = normalisePhone(value);
  if (compact === null) return null;
  return compact.startsWith("+27") ? compact : `+27${compact.slice(1)}`;
}

const requiredLine = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: required }).max(max, { error: tooLong }));

/** A whole number typed as people write amounts ("R 159 000", "159.000 ZAR", "86,000 km"; amounts.ts). */
const wholeNumber = (required: string, min: number, max: number, outOfRange: string) =>
  z
    .string({ error: required })
    .transform(amountDigits)
    .pipe(z.string().min(1, { error: required }).regex(/^\d{1,9}$/, { error: `${required} (digits only)` }))
    .transform(Number)
    .pipe(z.number().int().min(min, { error: outOfRange }).max(max, { error: outOfRange }));

const optionalWholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/[\s,]|cc/gi, ""))
    .pipe(
      z.union([
        z.literal("").transform(() => null),
        z
          .string()
          .regex(/^\d{1,6}$/, { error: `${label} must be a whole number` })
          .transform(Number)
          .pipe(z.number().int().min(min, { error: `${label} must be between ${min} and ${max}` }).max(max, { error: `${label} must be between ${min} and ${max}` })),
      ]),
    );

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "yes");

export const adCarStepSchema = z.object({
  make: requiredLine("Please enter the make", AD_FORM_LIMITS.make, `The make must be ${AD_FORM_LIMITS.make} characters or fewer`),
  model: requiredLine("Please enter the model", AD_FORM_LIMITS.model, `The model must be ${AD_FORM_LIMITS.model} characters or fewer`),
  variant: z
    .string()
    .optional()
    .transform((v) => cleanLine(v ?? ""))
    .pipe(z.string().max(AD_FORM_LIMITS.variant, { error: `The variant must be ${AD_FORM_LIMITS.variant} characters or fewer` })),
  year: wholeNumber("Please enter the year", AD_FORM_LIMITS.yearMin, AD_FORM_LIMITS.yearMax, `The year must be between ${AD_FORM_LIMITS.yearMin} and ${AD_FORM_LIMITS.yearMax}`),
  bodyType: choice(bodyTypes, "Please choose the body type"),
  fuel: choice(fuelTypes, "Please choose the fuel"),
  transmission: choice(transmissions, "Please choose the gearbox"),
  drive: choice(adDrives, "Please choose the drive"),
});

export const adConditionStepSchema = z.object({
  mileageKm: wholeNumber("Please enter the mileage in km", 0, AD_FORM_LIMITS.mileageMax, `The mileage must be between 0 and ${formatKm(AD_FORM_LIMITS.mileageMax)}`),
  serviceHistory: choice(serviceHistories, "Please say what service history the car has"),
  previousOwners: optionalWholeNumber("The number of previous owners", 0, AD_FORM_LIMITS.ownersMax),
  colour: z.string({ error: "Please choose the colour" }).refine((v) => findColour(v) !== undefined, { error: "Please choose the colour" }),
  engineCc: optionalWholeNumber("The engine size (cc)", AD_FORM_LIMITS.engineCcMin, AD_FORM_LIMITS.engineCcMax),
  doors: optionalWholeNumber("The number of doors", 2, 6),
  seats: optionalWholeNumber("The number of seats", 1, 9),
  equipment: z
    .array(z.string())
    .optional()
    .transform((items) => [...new Set((items ?? []).map(cleanLine).filter((item) => item !== ""))])
    .pipe(
      z
        .array(z.string().max(AD_FORM_LIMITS.equipmentItem, { error: `Each equipment item must be ${AD_FORM_LIMITS.equipmentItem} characters or fewer` }))
        .max(AD_FORM_LIMITS.equipmentItems, { error: `Please list at most ${AD_FORM_LIMITS.equipmentItems} items of equipment` }),
    ),
});

export const adPriceStepSchema = z.object({
  priceZar: wholeNumber(
    "Please enter the price in rand",
    AD_FORM_LIMITS.priceMin,
    AD_FORM_LIMITS.priceMax,
    `The price must be between ${formatRand(AD_FORM_LIMITS.priceMin)} and ${formatRand(AD_FORM_LIMITS.priceMax)}`,
  ),
  negotiable: checkbox,
});

export const adPlaceStepSchema = z
  .object({
    province: z.string({ error: "Please choose the province" }).refine((v) => findProvince(v) !== undefined, { error: "Please choose the province" }),
    city: z.string({ error: "Please choose the town" }).min(1, { error: "Please choose the town" }),
  })
  .superRefine((place, ctx) => {
    if (findCity(place.city)?.province !== place.province) ctx.addIssue({ code: "custom", path: ["city"], message: "Please choose a town in this province" });
  });

export const adDescriptionStepSchema = z.object({
  description: z
    .string({ error: "Please describe the car" })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(AD_FORM_LIMITS.descriptionMin, { error: `Please describe the car in at least ${AD_FORM_LIMITS.descriptionMin} characters` })
        .max(AD_FORM_LIMITS.descriptionMax, { error: `The description must be ${AD_FORM_LIMITS.descriptionMax} characters or fewer` })
        .superRefine((text, ctx) => {
          const problem = descriptionContactProblem(text);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    ),
});

const PHONE_MESSAGE = "Please enter a South African phone number, for example 082 123 4567 or +27 82 123 4567";
/** A dealer's stock number: optional in the form, with the stock feed's own rule (STOCK_NUMBER_PATTERN). */
export const stockNumberSchema = z
  .string()
  .optional()
  .transform((v) => cleanLine(v ?? ""))
  .refine((v) => v === "" || STOCK_NUMBER_PATTERN.test(v), STOCK_NUMBER_MESSAGE)
  .transform((v) => (v === "" ? null : v));

export const adContactStepSchema = z
  .object({
    showPhone: checkbox,
    phone: z
      .string()
      .optional()
      .transform((v) => cleanLine(v ?? "")),
    // Asked only when posting for a dealer; a private seller's form has no such field.
    stockNumber: stockNumberSchema,
  })
  .transform((contact, ctx) => {
    const { stockNumber } = contact;
    if (contact.phone === "") {
      if (contact.showPhone) ctx.addIssue({ code: "custom", path: ["phone"], message: "Please enter the number buyers may call, or choose not to show one" });
      return { showPhone: contact.showPhone, phone: null, stockNumber };
    }
    const phone = internationalPhone(contact.phone);
    if (phone === null) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return { showPhone: contact.showPhone, phone, stockNumber };
  });

/** The steps in the order the form shows them (photos have their own upload, not a schema). */
export const adFormSteps = {
  car: adCarStepSchema,
  condition: adConditionStepSchema,
  price: adPriceStepSchema,
  place: adPlaceStepSchema,
  description: adDescriptionStepSchema,
  contact: adContactStepSchema,
} as const;
type AdFormStep = keyof typeof adFormSteps;
export type AdStepInput<S extends AdFormStep> = z.infer<(typeof adFormSteps)[S]>;
