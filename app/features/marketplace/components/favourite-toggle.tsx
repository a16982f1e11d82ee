import { Heart } from "lucide-react";

// The heart on cards and the ad page. In the HTML it is a POST form to /marche-doccasion/favori
// (adId, intent add|remove, redirectTo), so it works without scripts: a visitor is sent to the
// login page and back. Once the app runs, favourites.ts (client) takes over: the spec's
// requireLogin popup for visitors, then the action completes in place.

export const FAVOURITE_ACTION = "/marche-doccasion/favori";

export function FavouriteToggle({
  adId,
  title,
  saved,
  redirectTo,
  className = "",
}: {
  adId: number;
  title: string;
  saved: boolean;
  /** Where the no-script form comes back to. */
  redirectTo: string;
  className?: string;
}) {
  return (
    <form method="post" action={FAVOURITE_ACTION} className={className} data-favourite-form="">
      <input type="hidden" name="adId" value={adId} />
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={saved ? `Remove ${title} from favourites` : `Save ${title} to favourites`}
        title={saved ? "Remove from favourites" : "Save to favourites"}
        className="inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow-sm ring-1 ring-slate-200 transition-colors hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 aria-pressed:text-rose-600 dark:bg-slate-900/95 dark:text-slate-200 dark:ring-slate-700"
      >
        <Heart aria-hidden="true" className="size-5" fill={saved ? "currentColor" : "none"} />
      </button>
    </form>
  );
}
