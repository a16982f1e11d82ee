import { redirect } from "react-router";
import { subscribeToNewsletter } from "~/features/newsletter/mutations.server";
import { NEWSLETTER_PENDING_MESSAGE, type NewsletterResponse, newsletterSchema } from "~/features/newsletter/schemas";
import { CAPTCHA_FIELD, verifyCaptcha } from "~/lib/captcha.server";
import { assertSameOrigin, clientIp, formRateLimit, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE, visitorId } from "~/lib/security.server";
import { toFieldErrors } from "~/ui/form";
import type { Route } from "./+types/subscribe";

// POST /newsletter, called by the newsletter dialog's fetcher. Answers JSON; errors are 4xx.

// The form lives in a dialog, there is no page here.
export function loader() {
  return redirect("/");
}

function json(body: NewsletterResponse, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ ok: false, formError: "Method not allowed." }, 405, { Allow: "POST" });
  assertSameOrigin(request);
  const form = await readForm(request, 16 * 1024);

  const limit = await rateLimit(`newsletter:${clientIp(context)}`, formRateLimit());
  if (!limit.ok) {
    return json({ ok: false, formError: TOO_MANY_REQUESTS_MESSAGE }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  const captcha = await verifyCaptcha(form.get(CAPTCHA_FIELD));
  if (!captcha.ok) return json({ ok: false, formError: captcha.message }, 400);

  const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) return json({ ok: false, fieldErrors: toFieldErrors<"email">(parsed.error) }, 400);

  // Same answer whatever the address's state: the form must not reveal who is subscribed.
  await subscribeToNewsletter({ email: parsed.data.email, visitorId: visitorId(request) });
  return json({ ok: true, message: NEWSLETTER_PENDING_MESSAGE });
}
