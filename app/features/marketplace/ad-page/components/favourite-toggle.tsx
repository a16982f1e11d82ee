import { type FormEvent, useEffect, useState } from "react";
import { FAVOURITE_ACTION } from "../../urls";

// The heart on cards and the ad page. In the HTML it is a POST form to /marche-doccasion/favori
// (adId, and intent add|remove on its button), so it works without scripts: the action sends the
// visitor back to the page the form was on (its Referer), through the login page for a visitor.
// Once the app runs, favourite-client.ts (loaded on the first press) takes over: the spec's
// requireLogin popup for visitors, then the action completes in place; a signed-in user's heart
// changes at once (optimistic) and goes back if the save fails. A card prints the form two dozen
// times, so it carries nothing a script can find elsewhere: the car's name is in the label.

const favouriteLabel = (title: string, saved: boolean) => (saved ? `Remove ${title} from favourites` : `Save ${title} to favourites`);
const favouriteTooltip = (saved: boolean) => (saved ? "Remove from favourites" : "Save to favourites");
/** The car's name back from a label favouriteLabel wrote. */
const titleOfLabel = (label: string) => /^(?:Save|Remove) (.*) (?:to|from) favourites$/.exec(label)?.[1] ?? "this car";

export function FavouriteToggle({
  adId,
  title,
  saved: savedOnServer,
  className = "",
  withLabel = false,
}: {
  adId: number;
  title: string;
  saved: boolean;
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

  return (
    <form method="post" action={FAVOURITE_ACTION} className={className} onSubmit={onSubmit}>
      <input type="hidden" name="adId" value={adId} />
      <button
        type="submit"
        name="intent"
        value={saved ? "remove" : "add"}
        aria-pressed={saved}
        aria-label={favouriteLabel(title, saved)}
        aria-busy={busy || undefined}
        title={favouriteTooltip(saved)}
        className={
          withLabel
            ? "btn-secondary aria-pressed:text-rose-700 dark:aria-pressed:text-rose-400"
            : "heart-button"
        }
      >
        <span className="icon-heart size-5" />
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
  if (!(form instanceof HTMLFormElement) || form.getAttribute("action") !== FAVOURITE_ACTION) return;
  event.preventDefault();
  const button = form.querySelector("button");
  if (!button || button.getAttribute("aria-busy") === "true") return;
  const adId = Number(form.querySelector<HTMLInputElement>('input[name="adId"]')?.value);
  const intent = button.value === "remove" ? "remove" : "add";
  const title = titleOfLabel(button.getAttribute("aria-label") ?? "");
  button.setAttribute("aria-busy", "true");
  void import("../favourite-client")
    .then(async ({ submitFavourite }) => {
      const outcome = await submitFavourite({ adId, intent, redirectTo: `${location.pathname}${location.search}` });
      if (!("saved" in outcome)) return;
      const saved = outcome.saved;
      button.value = saved ? "remove" : "add";
      button.setAttribute("aria-pressed", String(saved));
      button.setAttribute("aria-label", favouriteLabel(title, saved));
      button.title = favouriteTooltip(saved);
    })
    .catch(() => {})
    .finally(() => button.removeAttribute("aria-busy"));
}
