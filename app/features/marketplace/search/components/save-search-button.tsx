import { type FormEvent, useState } from "react";
import type { SaveSearchAnswer } from "../saved-search-client";
import { SAVE_SEARCH_ACTION, SAVED_SEARCHES_PATH } from "../saved-search-rules";
import { Icon } from "~/ui/icon";

// "Save this search" on the used-car search page. In the HTML it is a POST form with the search's
// query (the same for every visitor, so the page stays cacheable): without scripts a visitor goes
// to the login page and back, a signed-in user to the list. With scripts the login popup comes
// first for a visitor, then the search is saved in place and the button says so.

export function SaveSearchButton({ query, searchUrl }: { query: string; searchUrl: string }) {
  const [answer, setAnswer] = useState<SaveSearchAnswer | undefined>();
  const [busy, setBusy] = useState(false);
  const done = answer?.status === "saved" || answer?.status === "exists";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void import("../saved-search-client")
      .then(({ submitSaveSearch }) => submitSaveSearch({ query, redirectTo: searchUrl }))
      .then((outcome) => setAnswer(outcome.status === "cancelled" ? undefined : outcome))
      .catch(() => setAnswer({ status: "error", error: "The search could not be saved. Please try again." }))
      .finally(() => setBusy(false));
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <form method="post" action={SAVE_SEARCH_ACTION} onSubmit={onSubmit}>
        <input type="hidden" name="query" value={query} />
        <button type="submit" className="btn-secondary" aria-busy={busy || undefined} disabled={done}>
          <Icon name={done ? "check" : "bell-plus"} className="size-4" />
          <span>{done ? "Search saved" : "Save this search"}</span>
        </button>
      </form>
      <p role="status" className="text-sm">
        {done ? (
          <>
            {answer.status === "exists" ? "Already in " : "Added to "}
            <a href={SAVED_SEARCHES_PATH} className="link">
              your saved searches
            </a>
            .
          </>
        ) : answer && "error" in answer ? (
          <span className="text-rose-700 dark:text-rose-400">{answer.error}</span>
        ) : null}
      </p>
    </div>
  );
}
