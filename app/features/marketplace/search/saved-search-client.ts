import { requireLogin } from "~/features/accounts/auth-events";
import { SAVE_SEARCH_ACTION } from "./saved-search-rules";

// "Save this search" once scripts run (loaded on the first press): a visitor gets the login popup
// first and the save completes after they sign in; then one POST asking for JSON.

export type SaveSearchAnswer =
  | { status: "saved" | "exists"; id: number; name: string; message: string }
  | { status: "limit" | "error"; error: string }
  | { status: "cancelled" };

export async function submitSaveSearch(input: { query: string; redirectTo: string }, retried = false): Promise<SaveSearchAnswer> {
  if (!(await requireLogin({ redirectTo: input.redirectTo }))) return { status: "cancelled" };
  const body = new FormData();
  body.set("query", input.query);
  const response = await fetch(SAVE_SEARCH_ACTION, { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" });
  // The session ended since the page loaded: one more try, through the login popup if need be.
  if (response.status === 401 && !retried) return submitSaveSearch(input, true);
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return answer as SaveSearchAnswer;
  return { status: response.status === 409 ? "limit" : "error", error: typeof answer.error === "string" ? answer.error : "The search could not be saved. Please try again." };
}
