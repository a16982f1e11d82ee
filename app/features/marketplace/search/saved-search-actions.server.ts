import { data, redirect } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { loginUrl } from "~/features/accounts/urls";
import { assertSameOrigin, clientIp, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { usedSearchUrl } from "./search-params";
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCHES_PATH } from "./saved-search-rules";
import { renameSavedSearchSchema, savedSearchActionSchema } from "./saved-search-schema";
import { deleteSavedSearch, renameSavedSearch, saveSearch, searchOfQuery, setSavedSearchAlerts } from "./saved-searches.server";
import { unsubscribeByToken } from "./saved-search-alerts.server";

// The saved searches' POSTs: "Save this search" from the search page, the list's rename, alerts
// switch and delete, and the alert mail's unsubscribe.

const json = (body: unknown, status = 200, headers: HeadersInit = {}) => Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
const text = (message: string, status: number, headers: HeadersInit = {}) =>
  new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });

/**
 * POST /marche-doccasion/recherches (query: the search's query string). The button's script asks
 * for JSON and gets { status, id, name, message } (a 401 for a visitor, who then sees the login
 * popup); the no-script form is sent to the login page and back to the search, or on to the list.
 */
export async function saveSearchAction(request: Request, context: unknown): Promise<Response> {
  assertSameOrigin(request);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const form = await readForm(request, 8 * 1024);
  const query = form.get("query");
  if (typeof query !== "string" || query.length > 2000) {
    const message = "This search cannot be saved: its address is not valid.";
    return wantsJson ? json({ error: message }, 400) : text(message, 400);
  }
  const search = searchOfQuery(query);
  const searchUrl = usedSearchUrl({ ...search, page: 1 });
  const user = await currentUser(request);
  if (!user) {
    if (wantsJson) return json({ error: "Sign in to save searches." }, 401);
    throw redirect(loginUrl(searchUrl), 303);
  }
  const limit = await rateLimit(`save-search:${user.id}:${clientIp(context)}`, { limit: 60, windowMs: 10 * 60_000 });
  if (!limit.ok) {
    const headers = { "Retry-After": String(limit.retryAfterSeconds) };
    return wantsJson ? json({ error: TOO_MANY_REQUESTS_MESSAGE }, 429, headers) : text(TOO_MANY_REQUESTS_MESSAGE, 429, headers);
  }
  const outcome = await saveSearch(user.id, search);
  if (outcome.status === "limit") {
    if (wantsJson) return json({ status: "limit", error: SAVED_SEARCH_MESSAGES.limit }, 409);
    throw redirect(`${SAVED_SEARCHES_PATH}?notice=limit`, 303);
  }
  if (wantsJson) return json({ ...outcome, message: SAVED_SEARCH_MESSAGES[outcome.status] });
  throw redirect(`${SAVED_SEARCHES_PATH}?notice=${outcome.status}&id=${outcome.id}`, 303);
}

export type SavedSearchActionResult = { ok: true; intent: string; id: number } | { ok: false; id?: number; fieldErrors?: { name?: string }; error?: string };

/** POST /mon-compte/recherches: intent rename (name) | alerts (alerts=on|off) | delete, for a search id. */
export async function savedSearchListAction(request: Request, context: unknown, userId: string) {
  assertSameOrigin(request);
  const form = await readForm(request, 4 * 1024);
  const limit = await rateLimit(`saved-search-edit:${userId}:${clientIp(context)}`, { limit: 120, windowMs: 10 * 60_000 });
  if (!limit.ok) return data<SavedSearchActionResult>({ ok: false, error: TOO_MANY_REQUESTS_MESSAGE }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const parsed = savedSearchActionSchema.safeParse({ id: form.get("id"), intent: form.get("intent") });
  if (!parsed.success) return data<SavedSearchActionResult>({ ok: false, error: "This request is not valid." }, { status: 400 });
  const { id, intent } = parsed.data;
  let found: boolean;
  if (intent === "rename") {
    const name = renameSavedSearchSchema.safeParse({ name: form.get("name") ?? "" });
    if (!name.success) return data<SavedSearchActionResult>({ ok: false, id, fieldErrors: { name: name.error.issues[0]?.message } }, { status: 400 });
    found = await renameSavedSearch(userId, id, name.data.name);
  } else if (intent === "alerts") {
    const value = form.get("alerts");
    if (value !== "on" && value !== "off") return data<SavedSearchActionResult>({ ok: false, id, error: "This request is not valid." }, { status: 400 });
    found = await setSavedSearchAlerts(userId, id, value === "on");
  } else {
    found = await deleteSavedSearch(userId, id);
  }
  if (!found) return data<SavedSearchActionResult>({ ok: false, id, error: SAVED_SEARCH_MESSAGES.notFound }, { status: 404 });
  return data<SavedSearchActionResult>({ ok: true, intent, id });
}

/**
 * POST /alertes/desabonnement?token=…: the page's button and the mail provider's RFC 8058
 * one-click POST (body "List-Unsubscribe=One-Click", no cookie, and no Origin or one of the
 * provider's). No origin check here, on purpose: the signed token is the authority, and all it
 * can do is switch one search's alerts off.
 */
export async function unsubscribeAction(request: Request, context: unknown) {
  const limit = await rateLimit(`unsubscribe:${clientIp(context)}`, { limit: 60, windowMs: 10 * 60_000 });
  if (!limit.ok) return data({ state: "invalid" as const, message: TOO_MANY_REQUESTS_MESSAGE }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const token = new URL(request.url).searchParams.get("token");
  const done = await unsubscribeByToken(token);
  if (!done) return data({ state: "invalid" as const, message: INVALID_UNSUBSCRIBE_LINK }, { status: 400 });
  return { state: "done" as const, name: done.name };
}

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid: it may be incomplete, or its saved search was deleted. You can manage your alerts from your saved searches.";
