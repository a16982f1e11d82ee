import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { AuthView } from "../auth-events";
import { RegistrationSuccess, SignInForm, SignUpForm, type SocialProvider } from "./auth-forms";

// The login/registration popup (spec section 2): sign in, sign up, registration successful.
// Radix traps and restores focus and closes on Escape and on the overlay. Loaded on first use.

export interface AuthPopupProps {
  open: boolean;
  initialView: AuthView;
  redirectTo: string;
  socialProviders: SocialProvider[];
  onClose: () => void;
  onSignedIn: () => void;
}

type View = AuthView | "success";

const titles: Record<View, string> = {
  "sign-in": "Sign in",
  "sign-up": "Become a member",
  success: "Registration successful",
};

export default function AuthPopup({ open, initialView, redirectTo, socialProviders, onClose, onSignedIn }: AuthPopupProps) {
  const [view, setView] = useState<View>(initialView);
  const [registeredEmail, setRegisteredEmail] = useState("");
  // Switching views remounts both forms: they start empty (spec section 4).
  const [generation, setGeneration] = useState(0);
  const navigate = useNavigate();
  const returnFocus = useRef<HTMLElement | null>(null);

  const switchTo = (next: AuthView) => {
    setView(next);
    setGeneration((g) => g + 1);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[2050] bg-slate-950/60 transition-opacity duration-200 starting:opacity-0" data-testid="auth-overlay" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (returnFocus.current?.isConnected) {
              event.preventDefault();
              returnFocus.current.focus();
            }
          }}
          className={[
            "fixed inset-0 z-[2051] flex flex-col overflow-y-auto bg-white p-6 pt-14 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100",
            "sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-[480px] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-[var(--radius-card)] sm:p-8 sm:pt-8",
            "transition-[opacity,scale] duration-200 starting:scale-95 starting:opacity-0",
          ].join(" ")}
        >
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
          >
            <X aria-hidden="true" className="size-5" strokeWidth={1.75} />
          </Dialog.Close>
          <Dialog.Title className={view === "success" ? "sr-only" : "pr-8 text-2xl font-bold tracking-tight"}>{titles[view]}</Dialog.Title>
          <Dialog.Description className={view === "success" ? "sr-only" : "mt-1 mb-5 text-slate-700 dark:text-slate-300"}>
            {view === "sign-in"
              ? "Welcome back. Sign in to post ads and keep your favourites."
              : view === "sign-up"
                ? "Create your free account in a minute."
                : "Your account was created."}
          </Dialog.Description>
          {view === "sign-in" ? (
            <SignInForm
              key={`in-${generation}`}
              mode="popup"
              redirectTo={redirectTo}
              socialProviders={socialProviders}
              onBecomeMember={() => switchTo("sign-up")}
              onSignedIn={() => {
                onSignedIn();
                navigate(redirectTo);
              }}
            />
          ) : view === "sign-up" ? (
            <SignUpForm
              key={`up-${generation}`}
              mode="popup"
              redirectTo={redirectTo}
              socialProviders={socialProviders}
              onAlreadyMember={() => switchTo("sign-in")}
              onRegistered={(email) => {
                setRegisteredEmail(email);
                setView("success");
              }}
            />
          ) : (
            <div className="py-4">
              <RegistrationSuccess email={registeredEmail} />
              <Dialog.Close className="btn-primary mt-6 w-full justify-center">Close</Dialog.Close>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
