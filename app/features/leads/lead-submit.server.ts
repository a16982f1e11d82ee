import { currentUser } from "~/features/accounts/accounts.server";
import { findProvince } from "~/lib/places";
import { CAPTCHA_FIELD, verifyCaptcha } from "~/lib/captcha.server";
import { logger } from "~/lib/logger.server";
import { assertSameOrigin, formRateLimit, rateLimit, TOO_MANY_REQUESTS_MESSAGE, visitorId } from "~/lib/security.server";
import { toFieldErrors } from "~/ui/form";
import { type LeadForMail, sendLeadMails } from "./lead-mails.server";
import { leadAttribution } from "./lead-rules";
import { LEAD_MESSAGES, type LeadRequest, leadStepSchemas } from "./lead-schema";
import { type StoredLead, storeLead, wantedCarNames } from "./lead-store.server";

// The lead popup's submission (issue 17), shared by the popup's fetcher and the no-script page's
// last POST: origin, rate limit, every step's schema, the province and catalogue checks, the
// captcha, then the stored lead and its mails. Bad input is an answer, never a throw.

type LeadSubmitAnswer =
  | { ok: true; duplicate: boolean; dealers: Array<{ name: string; city: string }>; salesDesk: boolean }
  | { ok: false; step: 0 | 1 | 2 | 3; fieldErrors: Record<string, string>; formError?: string };

type LeadStep = 0 | 1 | 2 | 3;
/** Form-wide failures (origin, rate limit, captcha) belong to the last step, where Send is. */
const LAST_STEP: LeadStep = 3;

const fail = (status: number, step: LeadStep, fieldErrors: Record<string, string>, formError?: string) => ({
  status,
  answer: { ok: false as const, step, fieldErrors, ...(formError ? { formError } : {}) },
});

/** The form's fields as the step schemas read them (every step's, whatever step sent it). */
function leadFormValues(form: FormData): Record<string, unknown> {
  const one = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    car_condition: one("car_condition"),
    payment_method: one("payment_method"),
    wanted: form.getAll("wanted").filter((v): v is string => typeof v === "string"),
    budget_kind: one("budget_kind"),
    budget: one("budget"),
    name: one("name"),
    phone: one("phone"),
    email: one("email"),
    province: one("province"),
    contact_time: one("contact_time"),
    consent: one("consent"),
  };
}

/** Every step's schema; the first failing step and all the messages, or the whole request. */
function parseLeadForm(form: FormData): { ok: true; request: LeadRequest } | { ok: false; step: LeadStep; fieldErrors: Record<string, string> } {
  const values = leadFormValues(form);
  const fieldErrors: Record<string, string> = {};
  let firstStep: LeadStep | undefined;
  const parts: object[] = [];
  leadStepSchemas.forEach((schema, step) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      parts.push(parsed.data);
      return;
    }
    firstStep ??= step as LeadStep;
    for (const [field, message] of Object.entries(toFieldErrors(parsed.error))) if (message) fieldErrors[field] ??= message;
  });
  if (firstStep !== undefined) return { ok: false, step: firstStep, fieldErrors };
  return { ok: true, request: Object.assign({}, ...parts) as LeadRequest };
}

/** Parses, checks origin, rate limit and captcha, stores, mails; never throws for bad input. */
export async function submitLead(request: Request, form: FormData, context: { clientIp: string }): Promise<{ status: number; answer: LeadSubmitAnswer }> {
  try {
    assertSameOrigin(request);
  } catch (error) {
    if (error instanceof Response && error.status === 403) return fail(403, LAST_STEP, {}, LEAD_MESSAGES.forbidden);
    throw error;
  }
  const limit = await rateLimit(`lead:${context.clientIp}`, formRateLimit());
  if (!limit.ok) return fail(429, LAST_STEP, {}, TOO_MANY_REQUESTS_MESSAGE);

  // The fields first: a shopper learns what to fix before the human check stops them.
  const parsed = parseLeadForm(form);
  if (!parsed.ok) return fail(400, parsed.step, parsed.fieldErrors);
  const lead = parsed.request;
  const wantedNames = await wantedCarNames(lead.wanted);
  if (!wantedNames) return fail(400, 2, { wanted: LEAD_MESSAGES.wantedBad });
  if (!findProvince(lead.province)) return fail(400, 3, { province: LEAD_MESSAGES.province });
  const captcha = await verifyCaptcha(form.get(CAPTCHA_FIELD));
  if (!captcha.ok) return fail(400, LAST_STEP, {}, captcha.message);

  const user = await currentUser(request);
  const stored = await storeLead({ request: lead, attribution: leadAttribution(form), visitorId: visitorId(request) ?? null, userId: user?.id ?? null });
  return {
    status: 200,
    answer: await sendStoredLead(stored, {
      kind: "find-car",
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      carCondition: lead.car_condition,
      paymentMethod: lead.payment_method,
      wantedNames,
      budget: lead.budget,
      province: lead.province,
      contactTime: lead.contact_time,
      tradeIn: null,
    }),
  };
}

/**
 * After a lead is stored (a find-my-car request or a trade-in): a repeat of today's sends nothing;
 * a new one sends its mails. Answers which dealers have it, or that the sales desk will call.
 */
export async function sendStoredLead(stored: StoredLead, lead: Omit<LeadForMail, "id">): Promise<{ ok: true; duplicate: boolean; dealers: Array<{ name: string; city: string }>; salesDesk: boolean }> {
  const dealers = stored.dealers.map((d) => ({ name: d.name, city: d.city }));
  if (stored.duplicate) {
    logger.info({ leadId: stored.id, kind: lead.kind }, "lead repeated the same day: not stored again");
  } else {
    await sendLeadMails({ id: stored.id, ...lead }, stored.dealers);
    logger.info({ leadId: stored.id, kind: lead.kind, dealers: dealers.length }, "lead stored and sent");
  }
  return { ok: true, duplicate: stored.duplicate, dealers, salesDesk: dealers.length === 0 };
}
