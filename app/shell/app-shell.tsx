import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState } from "react";
import { AuthPopupSlot } from "~/features/accounts/components/auth-popup-slot";
import { CompareTraySlot } from "~/features/comparison/components/compare-tray-slot";
import { LeadButtonSlot } from "~/features/leads/components/lead-button";
import type { RootData } from "./root-data";
import { Toasts } from "~/ui/toasts";
import { Footer } from "./footer";
import { Header } from "./header";
import { TopBar } from "./top-bar";

// The dialog's code loads on first use, keeping it out of every page's initial JavaScript.
const NewsletterDialog = lazy(() => import("~/features/newsletter/components/newsletter-dialog").then((m) => ({ default: m.NewsletterDialog })));

const NewsletterContext = createContext<() => void>(() => {});
/** Opens the newsletter dialog from anywhere (top bar, side menu, page bands). */
export const useOpenNewsletter = () => useContext(NewsletterContext);

export function AppShell({ root, children }: { root: RootData; children: React.ReactNode }) {
  const [newsletterOpen, setNewsletterOpen] = useState(false);
  const [newsletterLoaded, setNewsletterLoaded] = useState(false);
  const openNewsletter = useCallback(() => {
    setNewsletterLoaded(true);
    setNewsletterOpen(true);
  }, []);
  const menus = useMemo(() => root.menus, [root.menus]);

  return (
    <NewsletterContext.Provider value={openNewsletter}>
      <a
        href="#main"
        className="sr-only z-[2100] rounded-md bg-primary-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar messagingUrl={root.messagingUrl} onSubscribe={openNewsletter} />
      <Header menus={menus} user={root.user} onSubscribe={openNewsletter} />
      <main id="main" tabIndex={-1} className="min-h-[60vh] focus:outline-none">
        {children}
      </main>
      <Footer />
      {/* The lead popup's floating button (the header holds its narrow-screen icon) and the popup. */}
      <LeadButtonSlot captcha={root.captcha} />
      <CompareTraySlot />
      <AuthPopupSlot user={root.user} socialProviders={root.socialProviders} />
      <Toasts />
      {newsletterLoaded ? (
        <Suspense fallback={null}>
          <NewsletterDialog open={newsletterOpen} onOpenChange={setNewsletterOpen} captcha={root.captcha} />
        </Suspense>
      ) : null}
    </NewsletterContext.Provider>
  );
}
