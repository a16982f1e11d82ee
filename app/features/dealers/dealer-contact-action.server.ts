import { data, redirect } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { parseIdSlug } from "~/features/catalogue/page-rules";
import { CAPTCHA_FIELD, verifyCaptcha } from "~/lib/captcha.server";
import { assertSameOrigin, clientIp, formRateLimit, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE, visitorId } from "~/lib/security.server";
import { type FieldErrors, toFieldErrors } from "~/ui/form";
import { type DealerContactAnswer, type DealerContactField, DEALER_CONTACT_SENT_PARAM, DEALER_SCRIPTED_FIELD, dealerContactValues } from "./dealer-contact";
import { dealerContactSchema } from "./dealer-contact-schema";
import { contactDealer } from "./dealer-contact.server";

// The dealer page's POST: write to the dealer. Origin checked, rate limited per address, the
// shared schema, then the captcha; bad input is a 400 with the page and its messages.

export async function dealerContactAction(request: Request, context: unknown, params: { dealerIdSlug?: string }) {
  assertSameOrigin(request);
  const url = new URL(request.url);
  const { id } = parseIdSlug(params.dealerIdSlug, url.pathname);
  const form = await readForm(request, 32 * 1024);
  const values = dealerContactValues(form);
  const fail = (status: number, answer: { formError?: string; fieldErrors?: FieldErrors<DealerContactField> }, headers?: HeadersInit) =>
    data<DealerContactAnswer>({ ok: false, values, ...answer }, { status, headers });

  const limit = await rateLimit(`dealer-contact:${clientIp(context)}`, formRateLimit());
  if (!limit.ok) return fail(429, { formError: TOO_MANY_REQUESTS_MESSAGE }, { "Retry-After": String(limit.retryAfterSeconds) });
  // The fields first: a visitor without scripts learns what to fix before the human check stops them.
  const input = dealerContactSchema.safeParse(values);
  if (!input.success) return fail(400, { fieldErrors: toFieldErrors<DealerContactField>(input.error) });
  const captcha = await verifyCaptcha(form.get(CAPTCHA_FIELD));
  if (!captcha.ok) return fail(400, { formError: captcha.message });

  const user = await currentUser(request);
  const result = await contactDealer(id, input.data, { userId: user?.id, visitorId: visitorId(request) });
  if (!result.ok) {
    return result.reason === "not-found"
      ? fail(404, { formError: "This dealer is not in the directory any more." })
      : fail(409, { formError: "This dealer takes no messages through Voitura: please call them." });
  }
  // Without scripts: back to the page (a GET), so a reload never sends the message twice.
  if (form.get(DEALER_SCRIPTED_FIELD) !== "1") throw redirect(`${url.pathname}?${DEALER_CONTACT_SENT_PARAM}=sent#dealer-contact`, 303);
  return data<DealerContactAnswer>({ ok: true });
}
