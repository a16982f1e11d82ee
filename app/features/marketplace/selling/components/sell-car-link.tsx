import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { requireLogin } from "~/features/accounts/auth-events";
import { SELL_PATH } from "../../urls";

// "Sell my car": a link to /poster-une-annonce (which has its own login gate, with or without
// scripts). Once the app runs, a visitor gets the login popup in place and its sign-in goes on to
// the form; a signed-in seller simply follows the link.

/** The link's click for a visitor: the login popup instead of the gate page. */
export function openSellGate(event: MouseEvent<HTMLAnchorElement>, signedIn: boolean): void {
  if (signedIn || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  // The popup's sign-in navigates to SELL_PATH itself; a closed popup leaves the visitor where they were.
  void requireLogin({ redirectTo: SELL_PATH });
}

export function SellCarLink({ signedIn, className, children }: { signedIn: boolean; className?: string; children: ReactNode }) {
  return (
    <Link to={SELL_PATH} onClick={(event) => openSellGate(event, signedIn)} className={className}>
      {children}
    </Link>
  );
}
