// The site's menu links (spec "Header menus"). Menus, the side menu and tests read this one list.
import { guideTaxonomyPath } from "~/features/editorial/guide-urls";

export { newsCategoryUrl } from "~/features/editorial/news-rules";
interface NavLink {
  label: string;
  to: string;
  description?: string;
}

export const guideAutoLinks: NavLink[] = [
  { label: "Car guide", to: "/guide-auto", description: "Everything about new cars in South Africa" },
  { label: "New cars", to: "/guide-auto/voitures-neuves", description: "Every brand and model with prices" },
  { label: "Current promotions", to: "/guide-auto/promos-du-moment", description: "Deals running this month" },
  { label: "Electric cars", to: "/guide-auto/voitures-electriques", description: "EVs and plug-in hybrids, range and battery" },
  { label: "Premium cars", to: "/guide-auto/voitures-haut-de-gamme", description: "Luxury and performance models" },
  { label: "New on the market", to: "/guide-auto/nouveautes-au-marche", description: "Launched in the last 12 months" },
  { label: "Dealer directory", to: "/guide-auto/liste-des-concessionnaires", description: "Find a dealer near you" },
  { label: "Owner reviews", to: "/guide-auto/avis-des-automobilistes", description: "What drivers say about their cars" },
];

export const allNewsLink: NavLink = { label: "All the news", to: "/actualite-auto/toute-l-actualite" };
export const comparatorLink: NavLink = { label: "Comparator", to: "/comparateur" };
/** The used-car marketplace (issue 14; the spec's menus predate it). */
export const usedCarsLink: NavLink = { label: "Used cars", to: "/marche-doccasion", description: "Ads from private sellers and dealers" };
export const sellCarLink: NavLink = { label: "Sell my car", to: "/poster-une-annonce" };
/** "What is my car worth?" (issue 47), beside the used cars and "Sell my car". */
export const carValueLink: NavLink = { label: "Car value", to: "/estimer-ma-voiture", description: "What your car is worth on Voitura" };
export const contactLink: NavLink = { label: "Contact us", to: "/contactez-nous" };

export const guideTaxonomyUrl = (taxonomy: { slug: string }) => guideTaxonomyPath(taxonomy.slug);
