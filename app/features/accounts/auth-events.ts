// The login popup's window events (spec section 4). This module ships on every page: keep it tiny.

/** Opens the login popup from anywhere: window.dispatchEvent(new CustomEvent("open-auth-popup")). */
export const OPEN_AUTH_POPUP = "open-auth-popup";
/** Dispatched after the signed-in user changed (sign-in, sign-out). */
export const UPDATE_LOGIN = "update-login";

export type AuthView = "sign-in" | "sign-up";

export interface AuthPopupRequest {
  view?: AuthView;
  /** Where a successful sign-in goes (a same-site path); "/" when absent. */
  redirectTo?: string;
  /** Called once: true after a sign-in, false when the popup closes without one. */
  resolve?: (signedIn: boolean) => void;
}

export function openAuthPopup(request: AuthPopupRequest = {}): void {
  window.dispatchEvent(new CustomEvent<AuthPopupRequest>(OPEN_AUTH_POPUP, { detail: request }));
}

/**
 * For actions that need an account (posting an ad…): opens the login popup unless someone is
 * signed in, and resolves true once they are, false if they close the popup.
 */
export function requireLogin(options: { redirectTo?: string; view?: AuthView } = {}): Promise<boolean> {
  return new Promise((resolve) => openAuthPopup({ ...options, resolve }));
}
