import { useState } from "react";
import { useNavigate } from "react-router";
import { safeReturnPath } from "~/lib/return-path";
import { ModalClose, ModalDialog } from "~/ui/modal-dialog";
import type { AuthView } from "../auth-events";
import { RegistrationSuccess, SignInForm, SignUpForm, type SocialProvider } from "./auth-forms";

// The login/registration popup (spec section 2): sign in, sign up, registration successful.
// In the site's modal frame; loaded on first use.

interface AuthPopupProps {
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

  const switchTo = (next: AuthView) => {
    setView(next);
    setGeneration((g) => g + 1);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      overlayTestId="auth-overlay"
      title={titles[view]}
      titleClassName={view === "success" ? "sr-only" : undefined}
      description={
        view === "sign-in"
          ? "Welcome back. Sign in to post ads and keep your favourites."
          : view === "sign-up"
            ? "Create your free account in a minute."
            : "Your account was created."
      }
      descriptionClassName={view === "success" ? "sr-only" : "mt-1 mb-5 text-slate-700 dark:text-slate-300"}
    >
      {view === "sign-in" ? (
        <SignInForm
          key={`in-${generation}`}
          mode="popup"
          redirectTo={redirectTo}
          socialProviders={socialProviders}
          onBecomeMember={() => switchTo("sign-up")}
          onSignedIn={() => {
            onSignedIn();
            navigate(safeReturnPath(redirectTo, "/"));
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
          <ModalClose className="btn-primary mt-6 w-full justify-center">Close</ModalClose>
        </div>
      )}
    </ModalDialog>
  );
}
