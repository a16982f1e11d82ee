import { AccountControls } from "~/features/accounts/components/account-controls";
import type { SlotUser } from "~/features/accounts/components/auth-popup-slot";
import { LeadButton } from "~/features/leads/components/lead-button";
import { SearchField } from "~/features/search/components/search-field";
import type { RootData } from "./root-data";
import { Logo } from "./logo";
import { MainNavigation } from "./main-navigation";
import { SideMenu } from "./side-menu";

type Menus = RootData["menus"];

export function Header({ menus, user, onSubscribe }: { menus: Menus; user: SlotUser | null; onSubscribe: () => void }) {
  return (
    <header className="sticky top-0 z-[1400] border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 dark:border-slate-800 dark:bg-slate-950/95">
      <div className="container-page flex flex-wrap items-center gap-x-3 gap-y-2 py-3 md:h-16 md:flex-nowrap md:py-0">
        <SideMenu menus={menus} onSubscribe={onSubscribe} />
        <Logo />
        {/* The catalogue search field (spec section 4): a full-width second row on phones, growing beside the logo from md. */}
        <div className="order-last min-w-0 basis-full md:order-none md:mx-4 md:max-w-2xl md:flex-1 md:basis-auto" data-slot="header-search">
          <SearchField />
        </div>
        <div className="ml-auto flex items-center gap-2" data-slot="header-account">
          {/* Below 1024 px the lead popup's button rides here, where it covers nothing (decision 015). */}
          <LeadButton placement="header" />
          <AccountControls user={user} />
        </div>
      </div>
      <MainNavigation menus={menus} user={user} />
    </header>
  );
}
