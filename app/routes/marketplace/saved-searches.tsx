import { Bell, Search, Trash2 } from "lucide-react";
import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { requireUser } from "~/features/accounts/accounts.server";
import { savedSearchListAction, type SavedSearchActionResult } from "~/features/marketplace/search/saved-search-actions.server";
import { newAdsLabel, openSavedSearchPath, SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_PATH } from "~/features/marketplace/search/saved-search-rules";
import { type SavedSearchEntry, savedSearchesOf } from "~/features/marketplace/search/saved-searches.server";
import { MARKETPLACE_SEARCH_PATH } from "~/features/marketplace/urls";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { MailSwitchButton } from "~/ui/mail-switch";
import { FieldError } from "~/ui/form";
import type { Route } from "./+types/saved-searches";

// /mon-compte/recherches: the signed-in user's saved used-car searches, each with its criteria in
// words, the ads new since it was last opened, its alerts switch, rename and delete. Every control
// is a plain POST form (the page comes back with the list); with scripts they post in place.

const NOTICES = { saved: SAVED_SEARCH_MESSAGES.saved, exists: SAVED_SEARCH_MESSAGES.exists, limit: SAVED_SEARCH_MESSAGES.limit } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const notice = url.searchParams.get("notice");
  return {
    searches: await savedSearchesOf(user.id),
    notice: notice && Object.hasOwn(NOTICES, notice) ? (notice as keyof typeof NOTICES) : null,
    noticeId: Number(url.searchParams.get("id")) || null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  return savedSearchListAction(request, context, user.id);
}

function AlertsSwitch({ entry }: { entry: SavedSearchEntry }) {
  const fetcher = useFetcher<SavedSearchActionResult>();
  // Shown as asked at once; the list's next load confirms it.
  const pending = fetcher.formData?.get("alerts");
  const on = pending ? pending === "on" : entry.alertsOn;
  return (
    <fetcher.Form method="post" className="flex items-center gap-3">
      <input type="hidden" name="id" value={entry.id} />
      <input type="hidden" name="intent" value="alerts" />
      <input type="hidden" name="alerts" value={on ? "off" : "on"} />
      <MailSwitchButton on={on} label={`Mail alerts for ${entry.name}`} onText="Daily mail alerts on" offText="Mail alerts off" />
    </fetcher.Form>
  );
}

function RenameForm({ entry }: { entry: SavedSearchEntry }) {
  const fetcher = useFetcher<SavedSearchActionResult>();
  const id = useId();
  const error = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors?.name ?? fetcher.data.error) : undefined;
  return (
    <details className="group" open={error ? true : undefined}>
      <summary className="link cursor-pointer text-sm">Rename</summary>
      <fetcher.Form method="post" className="mt-2 flex flex-wrap items-start gap-2">
        <input type="hidden" name="id" value={entry.id} />
        <input type="hidden" name="intent" value="rename" />
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={`${id}-name`} className="sr-only">
            New name for {entry.name}
          </label>
          <input
            id={`${id}-name`}
            name="name"
            defaultValue={entry.name}
            required
            maxLength={SAVED_SEARCH_NAME_MAX}
            className="input w-full"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
          Save name
        </button>
      </fetcher.Form>
    </details>
  );
}

function DeleteForm({ entry }: { entry: SavedSearchEntry }) {
  const fetcher = useFetcher<SavedSearchActionResult>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={entry.id} />
      <input type="hidden" name="intent" value="delete" />
      <button type="submit" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-rose-700 hover:underline dark:text-rose-400" aria-label={`Delete the saved search ${entry.name}`}>
        <Trash2 aria-hidden="true" className="size-4" strokeWidth={1.75} />
        Delete
      </button>
    </fetcher.Form>
  );
}

function SavedSearchItem({ entry, highlighted }: { entry: SavedSearchEntry; highlighted: boolean }) {
  return (
    <li className={`card flex flex-col gap-3 p-4 sm:p-5 ${highlighted ? "ring-2 ring-primary-500" : ""}`} data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 className="text-lg font-bold break-words">{entry.name}</h2>
          {/* The default name is the criteria in words: said once until the user renames it. */}
          {entry.criteria !== entry.name ? <p className="text-slate-700 dark:text-slate-300">{entry.criteria}</p> : null}
        </div>
        <p
          className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold tabular ${entry.newAds > 0 ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300"}`}
        >
          {newAdsLabel(entry.newAds)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        {/* A plain link: no prefetch, since opening it marks the ads seen. */}
        <a href={openSavedSearchPath(entry.id)} className="btn-primary">
          <Search aria-hidden="true" className="size-4" strokeWidth={1.75} />
          <span>
            Show the ads<span className="sr-only"> of {entry.name}</span>
          </span>
        </a>
        <AlertsSwitch entry={entry} />
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-1 border-t border-slate-200 pt-2 dark:border-slate-800">
        <RenameForm entry={entry} />
        <DeleteForm entry={entry} />
      </div>
    </li>
  );
}

export default function SavedSearchesPage({ loaderData }: Route.ComponentProps) {
  const { searches, notice, noticeId } = loaderData;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "My account", to: "/mon-compte" }, { label: "Saved searches" }]} currentPath={SAVED_SEARCHES_PATH} />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Your saved searches</h1>
      {notice ? (
        <p role="status" className={`mt-4 rounded-lg p-3 ${notice === "limit" ? "bg-amber-50 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200" : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"}`}>
          {NOTICES[notice]}
        </p>
      ) : null}
      {searches.length === 0 ? (
        <div className="card mt-6 flex flex-col items-start gap-3 p-6" data-testid="saved-searches-empty">
          <Bell aria-hidden="true" className="size-8 text-primary-600" strokeWidth={1.75} />
          <p className="text-lg font-semibold">No saved searches yet</p>
          <p className="text-slate-700 dark:text-slate-300">Search the used cars, then press “Save this search”: new matching ads are counted here and mailed to you each morning.</p>
          <Link to={MARKETPLACE_SEARCH_PATH} className="btn-primary">
            Search used cars
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {searches.length} saved {searches.length === 1 ? "search" : "searches"}. New ads are counted since you last opened each search; alerts come by mail each morning.
          </p>
          <ul className="mt-6 grid gap-4 lg:grid-cols-2" aria-label="Saved searches">
            {searches.map((entry) => (
              <SavedSearchItem key={entry.id} entry={entry} highlighted={entry.id === noticeId} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Your saved searches", description: "Your saved used-car searches on Voitura, their new ads and mail alerts.", noindex: true });
}
