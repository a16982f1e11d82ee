import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { type AuthPopupRequest, type AuthView, OPEN_AUTH_POPUP, UPDATE_LOGIN } from "../auth-events";
import { ensureVisitorId } from "../visitor-id";
import type { SocialProvider } from "./auth-forms";

// Ships on every page, so it stays small: it listens for "open-auth-popup", loads the popup's code
// on first use, settles requireLogin() promises, keeps the spec's "user" entry in localStorage in
// step with the server session, and sets the visitor id cookie.
const AuthPopup = lazy(() => import("./auth-popup"));

export interface SlotUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
}

const USER_STORAGE_KEY = "user";

function storedUserValue(user: SlotUser): string {
  return JSON.stringify({ uid: user.id, email: user.email, emailVerified: user.emailVerified, displayName: user.name, photoURL: user.image });
}

export function AuthPopupSlot({ user, socialProviders }: { user: SlotUser | null; socialProviders: SocialProvider[] }) {
  const [popup, setPopup] = useState<{ open: boolean; view: AuthView; redirectTo: string; generation: number } | null>(null);
  const pending = useRef<((signedIn: boolean) => void)[]>([]);
  const signedIn = useRef(Boolean(user));
  signedIn.current = Boolean(user);

  useEffect(() => {
    ensureVisitorId();
    const onOpen = (event: Event) => {
      const request = (event as CustomEvent<AuthPopupRequest | undefined>).detail ?? {};
      if (signedIn.current) {
        request.resolve?.(true);
        return;
      }
      if (request.resolve) pending.current.push(request.resolve);
      setPopup((current) => ({
        open: true,
        view: request.view ?? "sign-in",
        redirectTo: request.redirectTo ?? "/",
        generation: (current?.generation ?? 0) + 1,
      }));
    };
    window.addEventListener(OPEN_AUTH_POPUP, onOpen);
    return () => window.removeEventListener(OPEN_AUTH_POPUP, onOpen);
  }, []);

  // The spec's logged-in state lives in localStorage "user"; the server session is the truth.
  const userValue = user ? storedUserValue(user) : null;
  useEffect(() => {
    try {
      if (window.localStorage.getItem(USER_STORAGE_KEY) === userValue) return;
      if (userValue) window.localStorage.setItem(USER_STORAGE_KEY, userValue);
      else window.localStorage.removeItem(USER_STORAGE_KEY);
    } catch {
      // storage disabled
    }
    window.dispatchEvent(new CustomEvent(UPDATE_LOGIN, { detail: userValue ? JSON.parse(userValue) : null }));
  }, [userValue]);

  const settle = useCallback((result: boolean) => {
    const waiting = pending.current;
    pending.current = [];
    for (const resolve of waiting) resolve(result);
    setPopup((current) => (current ? { ...current, open: false } : current));
  }, []);

  // A link inside the popup (Forgot password?, contact us) leaves the page: the popup goes too.
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (popup?.open && pathname !== openedAt.current) settle(false);
    openedAt.current = pathname;
  }, [pathname, popup?.open, settle]);

  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <AuthPopup
        key={popup.generation}
        open={popup.open}
        initialView={popup.view}
        redirectTo={popup.redirectTo}
        socialProviders={socialProviders}
        onClose={() => settle(false)}
        onSignedIn={() => settle(true)}
      />
    </Suspense>
  );
}
