import { data, redirect } from "react-router";
import { safeReturnPath } from "~/lib/return-path";
import { assertSameOrigin, clientIp, readForm } from "~/lib/security.server";
import { toFieldErrors } from "~/ui/form";
import { type Failure, signIn, signUp } from "./accounts.server";
import { auth, configuredSocialProviders, type SocialProvider } from "./auth.server";
import { formFields, formText, type SignInField, type SignUpField, signInSchema, signUpSchema } from "./schemas";
import { accountUrls } from "./urls";

// The account forms' POST handling, shared by the pages and the popup (which posts with via=popup
// and gets data back instead of a redirect). The same checks run whoever sends the request.

const AUTH_FORM_BYTES = 16 * 1024;

function failureHeaders(failure: Failure<string>): HeadersInit | undefined {
  return failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : undefined;
}

export async function signInAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const form = await readForm(request, AUTH_FORM_BYTES);
  const viaPopup = form.get("via") === "popup";
  const redirectTo = safeReturnPath(form.get("redirectTo"), "/");
  const values = { email: formText(form, "email") };
  const parsed = signInSchema.safeParse(formFields(form, ["email", "password"]));
  if (!parsed.success) {
    return data({ ok: false as const, fieldErrors: toFieldErrors<SignInField>(parsed.error), values }, { status: 400 });
  }
  const result = await signIn(parsed.data, { request, ip: clientIp(context) });
  if (!result.ok) {
    const { fieldErrors, formError, unverified } = result;
    return data({ ok: false as const, fieldErrors, formError, unverified, values }, { status: result.status, headers: failureHeaders(result) });
  }
  if (viaPopup) return data({ ok: true as const, user: { name: result.user.name } }, { headers: result.headers });
  throw redirect(redirectTo, { headers: result.headers });
}

export async function signUpAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const form = await readForm(request, AUTH_FORM_BYTES);
  const values = { name: formText(form, "name"), email: formText(form, "email") };
  const parsed = signUpSchema.safeParse(formFields(form, ["name", "email", "password", "confirm_password"]));
  if (!parsed.success) {
    return data({ ok: false as const, fieldErrors: toFieldErrors<SignUpField>(parsed.error), values }, { status: 400 });
  }
  const result = await signUp(parsed.data, { request, ip: clientIp(context) });
  if (!result.ok) {
    const { fieldErrors, formError, reset } = result;
    return data(
      { ok: false as const, fieldErrors, formError, reset, values: reset ? {} : values },
      { status: result.status, headers: failureHeaders(result) },
    );
  }
  return data({ ok: true as const, email: result.email });
}

/** Google or Facebook: better-auth builds the provider's address and sets its state cookie. */
export async function socialSignInAction(request: Request) {
  assertSameOrigin(request);
  const form = await readForm(request, AUTH_FORM_BYTES);
  const provider = form.get("provider");
  const redirectTo = safeReturnPath(form.get("redirectTo"), "/");
  if (typeof provider !== "string" || !configuredSocialProviders().includes(provider as SocialProvider)) {
    throw data("This sign-in method is not available.", { status: 400 });
  }
  const { headers, response } = await auth().api.signInSocial({
    body: { provider: provider as SocialProvider, callbackURL: redirectTo, errorCallbackURL: `${accountUrls.login}?error=social` },
    headers: request.headers,
    returnHeaders: true,
  });
  if (!response.url) throw data("This sign-in method is not available.", { status: 400 });
  const out = new Headers({ Location: response.url });
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers: out });
}
