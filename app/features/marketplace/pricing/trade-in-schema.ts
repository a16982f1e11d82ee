import { leadContactStepSchema } from "~/features/leads/lead-schema";
import { valuationSchema } from "./valuation-schema";

// The trade-in form's one schema (issue 47): the car just valued (hidden fields carried from the
// valuation's answer) and the lead popup's contact fields, whose province is required here.

export const tradeInSchema = valuationSchema.extend(leadContactStepSchema.shape);

/** Every field the form posts, as the schema names them. */
export const tradeInFields = Object.keys(tradeInSchema.shape) as Array<keyof typeof tradeInSchema.shape>;

export type TradeInInput = ReturnType<typeof tradeInSchema.parse>;

/** The car's fields: a message on one of them means the hidden fields were changed, not mistyped. */
export const tradeInCarFields = ["make", "model", "year", "km", "variant"] as const;

/** The contact fields (the lead popup's last step), kept and shown again when a POST is refused. */
export const tradeInContactFields = Object.keys(leadContactStepSchema.shape) as Array<keyof typeof leadContactStepSchema.shape>;

export const TRADE_IN_MESSAGES = {
  car: "The car's details are not valid. Value your car again, then ask for offers.",
} as const;
