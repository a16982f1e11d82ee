import { currentUser } from "~/features/accounts/accounts.server";
import { leadAttribution } from "~/features/leads/lead-rules";
import { storeTradeInLead } from "~/features/leads/lead-store.server";
import { CAPTCHA_FIELD, verifyCaptcha } from "~/lib/captcha.server";
import { findProvince } from "~/lib/places";
import { assertSameOrigin, formRateLimit, rateLimit, TOO_MANY_REQUESTS_MESSAGE, visitorId } from "~/lib/security.server";
import { toFieldErrors } from "~/ui/form";
import { LEAD_MESSAGES } from "~/features/leads/lead-schema";
import { sendStoredLead } from "~/features/leads/lead-submit.server";
import { TRADE_IN_MESSAGES, tradeInCarFields, tradeInFields, tradeInSchema } from "./trade-in-schema";
import { type CarValuation, valueCar } from "./valuation.server";

// "Get offers from dealers" (issue 47): the valued car goes through the lead flow as a trade-in,
// to up to three dealers of the shopper's province that sell used cars (its brand's first). The
// server values the car again rather than trusting figures from the form, so the dealers see
// what the valuation says now.

export type TradeInAnswer =
  | { ok: true; duplicate: boolean; dealers: Array<{ name: string; city: string }>; salesDesk: boolean }
  | { ok: false; fieldErrors: Record<string, string>; formError?: string };

const fail = (status: number, fieldErrors: Record<string, string>, formError?: string) => ({
  status,
  answer: { ok: false as const, fieldErrors, ...(formError ? { formError } : {}) },
});

const text = (form: FormData, name: string): string | undefined => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** The valuation as a lead stores it: the range and its count, or none under five comparables. */
function storedValuation(valuation: CarValuation["valuation"]) {
  return valuation.kind === "few" ? null : { low: valuation.low, high: valuation.high, comparables: valuation.comparables };
}

/** Parses, checks origin, rate limit and captcha, values the car, stores the lead, mails; never throws for bad input. */
export async function submitTradeIn(request: Request, form: FormData, context: { clientIp: string }): Promise<{ status: number; answer: TradeInAnswer }> {
  try {
    assertSameOrigin(request);
  } catch (error) {
    if (error instanceof Response && error.status === 403) return fail(403, {}, LEAD_MESSAGES.forbidden);
    throw error;
  }
  // The lead popup's limit and key: a trade-in is one more way to send a lead.
  const limit = await rateLimit(`lead:${context.clientIp}`, formRateLimit());
  if (!limit.ok) return fail(429, {}, TOO_MANY_REQUESTS_MESSAGE);

  const parsed = tradeInSchema.safeParse(Object.fromEntries(tradeInFields.map((name) => [name, text(form, name) ?? (name === "variant" ? "" : undefined)])));
  if (!parsed.success) {
    const fieldErrors = toFieldErrors(parsed.error) as Record<string, string | undefined>;
    const carBroken = tradeInCarFields.some((f) => fieldErrors[f]);
    const shown = Object.fromEntries(Object.entries(fieldErrors).filter((e): e is [string, string] => !!e[1] && !(tradeInCarFields as readonly string[]).includes(e[0])));
    return fail(400, shown, carBroken ? TRADE_IN_MESSAGES.car : undefined);
  }
  const input = parsed.data;
  if (!findProvince(input.province)) return fail(400, { province: LEAD_MESSAGES.province });
  const valued = await valueCar(input);
  if (!valued.ok) return fail(400, {}, TRADE_IN_MESSAGES.car);
  const captcha = await verifyCaptcha(form.get(CAPTCHA_FIELD));
  if (!captcha.ok) return fail(400, {}, captcha.message);

  const { car, catalogueCar, valuation } = valued.answer;
  const tradeIn = { makeName: car.makeName, modelName: car.modelName, variant: car.variant, year: car.year, km: car.km, valuation: storedValuation(valuation) };
  const contact = { name: input.name, phone: input.phone, email: input.email, province: input.province, contact_time: input.contact_time, consent: input.consent };
  const user = await currentUser(request);
  const stored = await storeTradeInLead({
    car: tradeIn,
    catalogueCar,
    contact,
    attribution: leadAttribution(form),
    visitorId: visitorId(request) ?? null,
    userId: user?.id ?? null,
  });
  const answer = await sendStoredLead(stored, {
    kind: "trade-in",
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    carCondition: null,
    paymentMethod: null,
    budget: null,
    wantedNames: [],
    province: contact.province,
    contactTime: contact.contact_time,
    tradeIn,
  });
  return { status: 200, answer };
}
