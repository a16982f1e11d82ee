import { LogOut } from "lucide-react";
import { Form, Link } from "react-router";
import { openAuthPopup, requireLogin } from "../auth-events";
import { accountUrls } from "../urls";
import type { SlotUser } from "./auth-popup-slot";
import { Icon } from "~/ui/icon";

// The header's account corner: LOGIN and the account link for visitors, the user's name and a
// logout button when signed in. Without JavaScript they are plain links to /login and /mon-compte.

export function AccountControls({ user }: { user: SlotUser | null }) {
  if (user) {
    return (
      <div className="flex items-center gap-1">
        <Link
          to={accountUrls.account}
          className="inline-flex h-10 max-w-[10rem] items-center gap-2 rounded-[var(--radius-control)] px-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <Icon name="circle-user-round" className="size-5" />
          {/* On phones the name is the link's accessible name only: the header row keeps room for its icons. */}
          <span className="truncate max-sm:sr-only" data-testid="header-user-name">
            {user.name}
          </span>
        </Link>
        <Form method="post" action={accountUrls.logout}>
          <button
            type="submit"
            className="inline-flex h-10 items-center gap-1.5 rounded-[var(--radius-control)] px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <LogOut aria-hidden="true" className="size-5" strokeWidth={1.75} />
            <span className="sr-only lg:not-sr-only">Logout</span>
          </button>
        </Form>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-1">
      <Link
        to={accountUrls.account}
        aria-label="My account"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          void requireLogin({ redirectTo: accountUrls.account });
        }}
        className="inline-flex size-10 items-center justify-center rounded-[var(--radius-control)] text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon name="circle-user-round" className="size-5" />
      </Link>
      <Link
        to={accountUrls.login}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          openAuthPopup();
        }}
        className="btn-primary h-10 px-4 text-sm"
      >
        LOGIN
      </Link>
    </div>
  );
}
