import { data } from "react-router";
import { requireDealerMember } from "~/features/dealer-accounts/membership.server";
import { PHOTO_MESSAGES, PHOTO_RULES } from "~/features/marketplace/selling/photo-rules";
import { MultipartError, type MultipartPart, readMultipart } from "~/lib/multipart.server";
import { assertSameOrigin, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { checkDealerDetails, type DealerDetailsForm, type DetailsErrors, readDetailsForm } from "./dealer-details-rules";
import { removeDealerLogo, saveDealerDetails, setDealerLogo } from "./dealer-details.server";

// POST /mon-compte/concession/{dealerId}/fiche: intent details (the form's fields) | remove-logo,
// or a multipart body with the logo file. The owner's right is checked on the URL's dealer before
// a byte of the body is read: someone else's upload costs nothing.

const HOUR = 3600_000;
const LOGOS_PER_HOUR = 20;
const EDITS_PER_10_MINUTES = 60;

export type DetailsActionResult =
  | { ok: true; intent: string; notice: string }
  | { ok: false; intent: string; errors?: DetailsErrors; formError?: string; values?: DealerDetailsForm };

const fail = (intent: string, status: number, failure: { errors?: DetailsErrors; formError?: string; values?: DealerDetailsForm }, headers?: HeadersInit) =>
  data<DetailsActionResult>({ ok: false, intent, ...failure }, { status, headers });

async function logoUpload(request: Request, dealerId: number, userId: string) {
  const limit = await rateLimit(`dealer-logo:${userId}`, { limit: LOGOS_PER_HOUR, windowMs: HOUR });
  if (!limit.ok) return fail("logo", 429, { errors: { logo: TOO_MANY_REQUESTS_MESSAGE } }, { "Retry-After": String(limit.retryAfterSeconds) });
  let file: Extract<MultipartPart, { kind: "file" }> | undefined;
  try {
    for await (const part of readMultipart(request, { maxFileBytes: PHOTO_RULES.maxBytes, maxFiles: 1, maxTotalBytes: PHOTO_RULES.maxBytes + 16 * 1024 })) {
      if (part.kind === "file" && part.name === "logo" && !file) file = part;
    }
  } catch (error) {
    if (error instanceof MultipartError) return fail("logo", error.status, { errors: { logo: error.status === 413 ? PHOTO_MESSAGES.tooHeavy.replace("Each photo", "The logo") : error.message } });
    throw error;
  }
  if (!file || (file.filename === "" && file.bytes.length === 0)) return fail("logo", 400, { errors: { logo: "Choose a picture of your logo first." } });
  if (file.tooLarge) return fail("logo", 413, { errors: { logo: PHOTO_MESSAGES.tooHeavy.replace("Each photo", "The logo") } });
  const outcome = await setDealerLogo(dealerId, userId, file.bytes);
  if (!outcome.ok) return fail("logo", outcome.status, { errors: { logo: outcome.message } }, outcome.status === 503 ? { "Retry-After": "60" } : undefined);
  return data<DetailsActionResult>({ ok: true, intent: "logo", notice: "Your logo is saved: it shows on your page and in the directory." });
}

export async function dealerDetailsAction(request: Request, dealerId: number) {
  assertSameOrigin(request);
  const { user } = await requireDealerMember(request, dealerId, "details");
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return logoUpload(request, dealerId, user.id);

  const limit = await rateLimit(`dealer-details:${user.id}`, { limit: EDITS_PER_10_MINUTES, windowMs: 10 * 60_000 });
  if (!limit.ok) return fail("details", 429, { formError: TOO_MANY_REQUESTS_MESSAGE }, { "Retry-After": String(limit.retryAfterSeconds) });
  const form = await readForm(request, 32 * 1024);
  const intent = String(form.get("intent") ?? "");
  if (intent === "remove-logo") {
    await removeDealerLogo(dealerId);
    return data<DetailsActionResult>({ ok: true, intent, notice: "The logo was removed from your page." });
  }
  if (intent !== "details") return fail(intent, 400, { formError: "This request is not valid." });
  // A refused form comes back as sent, so a page without scripts keeps what the owner typed.
  const values = readDetailsForm(form);
  const checked = checkDealerDetails(values);
  if (!checked.input) return fail(intent, 400, { errors: checked.errors, values });
  const saved = await saveDealerDetails(dealerId, checked.input);
  if (!saved.ok) return fail(intent, 400, { errors: saved.errors, values });
  return data<DetailsActionResult>({ ok: true, intent, notice: "Your details are saved: your public page shows them now." });
}
