import { type FormEvent, useEffect, useState } from "react";
import { FAVOURITE_ACTION } from "../../urls";

// The heart on cards and the ad page. In the HTML it is a POST form to /marche-doccasion/favori
// (adId, intent add|remove, redirectTo), so it works without scripts: a visitor is sent to the
// login page and back. Once the app runs, favourite-client.ts (loaded on the first press) takes
// over: the spec's requireLogin popup for visitors, then the action completes in place; a
// signed-in user's heart changes at once (optimistic) and goes back if the save fails.


export function FavouriteToggle({
  adId,
  title,
  saved: savedOnServer,
  redirectTo,
  className = "",
  withLabel = false,
}: {
  adId: number;
  title: string;
  saved: boolean;
  /** Where the no-script form comes back to. */
  redirectTo: string;
  className?: string;
  /** "Save" / "Saved" beside the heart (the ad page). */
  withLabel?: boolean;
}) {
  const [saved, setSaved] = useState(savedOnServer);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSaved(savedOnServer), [savedOnServer]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const was = saved;
    const intent = was ? "remove" : "add";
    setBusy(true);
    void import("../favourite-client")
      .then(async ({ submitFavourite }) => {
        // A visitor sees the popup first: the heart changes only once someone is signed in.
        const outcome = await submitFavourite({ adId, intent, redirectTo: `${location.pathname}${location.search}` });
        if ("saved" in outcome) setSaved(outcome.saved);
      })
      .catch(() => setSaved(was))
      .finally(() => setBusy(false));
  }

  const label = saved ? `Remove ${title} from favourites` : `Save ${title} to favourites`;
  return (
    <form method="post" action={FAVOURITE_ACTION} className={className} data-favourite-form="" data-title={title} onSubmit={onSubmit}>
      <input type="hidden" name="adId" value={adId} />
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={label}
        aria-busy={busy || undefined}
        title={saved ? "Remove from favourites" : "Save to favourites"}
        className={
          withLabel
            ? "btn-secondary aria-pressed:text-rose-700 dark:aria-pressed:text-rose-400"
            : "heart-button"
        }
      >
        <span aria-hidden="true" className="icon-heart size-5" />
        {withLabel ? <span aria-hidden="true">{saved ? "Saved" : "Save"}</span> : null}
      </button>
    </form>
  );
}

/**
 * The same heart inside server HTML that React does not hydrate (card grids printed as static
 * islands): a submit handler for the island, which finds the heart's form, saves through the same
 * client module and updates the form's markup itself.
 */
export function submitStaticFavourite(event: FormEvent<HTMLElement>): void {
  // A heart React renders handles its own submit (and prevents the default) before it bubbles here.
  if (event.defaultPrevented) return;
  const form = event.target as HTMLFormElement;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-favourite-form")) return;
  event.preventDefault();
  const button = form.querySelector("button");
  const intentInput = form.querySelector<HTMLInputElement>('input[name="intent"]');
  if (!button || !intentInput || button.getAttribute("aria-busy") === "true") return;
  const adId = Number(form.querySelector<HTMLInputElement>('input[name="adId"]')?.value);
  const intent = intentInput.value === "remove" ? "remove" : "add";
  const title = form.dataset.title ?? "this car";
  button.setAttribute("aria-busy", "true");
  void import("../favourite-client")
    .then(async ({ submitFavourite }) => {
      const outcome = await submitFavourite({ adId, intent, redirectTo: `${location.pathname}${location.search}` });
      if (!("saved" in outcome)) return;
      const saved = outcome.saved;
      intentInput.value = saved ? "remove" : "add";
      button.setAttribute("aria-pressed", String(saved));
      button.setAttribute("aria-label", saved ? `Remove ${title} from favourites` : `Save ${title} to favourites`);
      button.title = saved ? "Remove from favourites" : "Save to favourites";
    })
    .catch(() => {})
    .finally(() => button.removeAttribute("aria-busy"));
}
