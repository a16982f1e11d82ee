import { requireLogin } from "~/features/accounts/auth-events";
import type { FavouriteIntent } from "./favourite-rules";
import { FAVOURITE_ACTION } from "../urls";

// The favourite heart once scripts run (loaded on the first press): a visitor gets the login
// popup first, and the save completes after they sign in; then one POST to the favourite action,
// asking for JSON instead of the no-script redirect.

type FavouriteOutcome = { saved: boolean } | { cancelled: true };

export async function submitFavourite(
  input: { adId: number; intent: FavouriteIntent; redirectTo: string },
  retried = false,
): Promise<FavouriteOutcome> {
  // Resolves at once when someone is signed in; otherwise opens the popup and waits for it.
  if (!(await requireLogin({ redirectTo: input.redirectTo }))) return { cancelled: true };
  const body = new FormData();
  body.set("adId", String(input.adId));
  body.set("intent", input.intent);
  body.set("redirectTo", input.redirectTo);
  const response = await fetch(FAVOURITE_ACTION, { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" });
  if (response.status === 401 && !retried) {
    // The session ended since the page loaded: one more try, through the login popup if need be.
    return submitFavourite(input, true);
  }
  if (!response.ok) throw new Error(`favourite: ${response.status}`);
  return (await response.json()) as { saved: boolean };
}
