import { redirect } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { loginUrl } from "~/features/accounts/urls";
import { safeReturnPath } from "~/lib/return-path";
import { assertSameOrigin, clientIp, rateLimit, readForm, sameSiteRefererPath, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { addFavourite, removeFavourite } from "./favourites.server";

// POST /marche-doccasion/favori (adId, intent add|remove, redirectTo). The heart's script asks for
// JSON and gets { saved } (or a 401 for a visitor, who then sees the login popup); the no-script
// form gets a redirect: back to the page (redirectTo, else the page the form was on), or to the
// login page and back for a visitor.


const json = (body: unknown, status = 200, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

export async function favouriteAction(request: Request, context: unknown): Promise<Response> {
  assertSameOrigin(request);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const form = await readForm(request, 4 * 1024);
  const back = safeReturnPath(form.get("redirectTo") ?? sameSiteRefererPath(request), "/marche-doccasion");
  const adId = Number(form.get("adId"));
  const intent = form.get("intent");
  if (!Number.isInteger(adId) || adId <= 0 || adId > 999_999_999 || (intent !== "add" && intent !== "remove")) {
    const message = "This favourite request is not valid.";
    return wantsJson ? json({ error: message }, 400) : new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }

  const user = await currentUser(request);
  if (!user) {
    if (wantsJson) return json({ error: "Sign in to save favourites." }, 401);
    throw redirect(loginUrl(back), 303);
  }
  const limit = await rateLimit(`favourite:${user.id}:${clientIp(context)}`, { limit: 120, windowMs: 10 * 60_000 });
  if (!limit.ok) {
    if (wantsJson) return json({ error: TOO_MANY_REQUESTS_MESSAGE }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
    return new Response(TOO_MANY_REQUESTS_MESSAGE, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }

  let saved: boolean;
  if (intent === "add") {
    saved = await addFavourite(user.id, adId);
    if (!saved) {
      const message = "This ad is no longer available.";
      return wantsJson ? json({ error: message, saved: false }, 404) : new Response(message, { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
  } else {
    await removeFavourite(user.id, adId);
    saved = false;
  }
  if (wantsJson) return json({ saved });
  throw redirect(back, 303);
}
