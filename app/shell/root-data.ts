// What the root loader gives every page. Declared here, beside the shell that renders it, so the
// shell never imports app/root.tsx (which imports the shell): root's loader returns this type.
import type { SessionUser } from "~/features/accounts/accounts.server";
import type { SocialProvider } from "~/features/accounts/auth.server";
import type { GuideTaxonomyItem, NewsCategoryItem } from "~/features/editorial/menu.server";
import type { ColourMode } from "~/lib/colour-mode";

export interface RootData {
  origin: string;
  colourMode: ColourMode;
  captcha: boolean;
  messagingUrl: string;
  /** The brand menu is not here: the browser fetches menus/brands.json on first use (it is large). */
  menus: { newsCategories: NewsCategoryItem[]; guideTaxonomies: GuideTaxonomyItem[] };
  /** The signed-in user; null for visitors. */
  user: SessionUser | null;
  socialProviders: SocialProvider[];
}
