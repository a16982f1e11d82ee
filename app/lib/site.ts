// The one site configuration (spec: name, url, description, separator, titleSeparator).
export const site = {
  name: "Voitura",
  url: "https://www.voitura.co.za",
  tagline: "The first new car comparator in South Africa",
  description:
    "Voitura compares every new car sold in South Africa: prices in rand, full specifications, promotions, news and practical buying guides.",
  separator: "-",
  titleSeparator: " | ",
  locale: "en_ZA",
  contactEmail: "hello@voitura.co.za",
  messagingChannelUrl: "https://whatsapp.com/channel/voitura",
  group: {
    name: "Voitura Automotive Group",
    url: "https://group.voitura.co.za",
  },
  copyrightYear: 2025,
} as const;

// Sister sites of the group, by country and category (footer, opened in a new tab).
type SisterSiteCategory =
  | "Certified used cars"
  | "Automotive content and media"
  | "Used car classifieds"
  | "New car price references"
  | "Electric car platform";

export const sisterSites: { country: string; sites: { category: SisterSiteCategory; name: string; url: string }[] }[] = [
  {
    country: "Kenya",
    sites: [
      { category: "Certified used cars", name: "Voitura Certified Kenya", url: "https://certified.voitura.co.ke" },
      { category: "Used car classifieds", name: "Voitura Classifieds Kenya", url: "https://classifieds.voitura.co.ke" },
      { category: "New car price references", name: "Voitura Kenya", url: "https://www.voitura.co.ke" },
    ],
  },
  {
    country: "Nigeria",
    sites: [
      { category: "Automotive content and media", name: "Voitura Media Nigeria", url: "https://media.voitura.ng" },
      { category: "Used car classifieds", name: "Voitura Classifieds Nigeria", url: "https://classifieds.voitura.ng" },
    ],
  },
  {
    country: "Morocco",
    sites: [
      { category: "New car price references", name: "Voitura Maroc", url: "https://www.voitura.ma" },
      { category: "Certified used cars", name: "Voitura Occasion Certifiée", url: "https://occasion.voitura.ma" },
    ],
  },
  {
    country: "Côte d'Ivoire",
    sites: [
      { category: "New car price references", name: "Voitura Côte d'Ivoire", url: "https://www.voitura.ci" },
      { category: "Automotive content and media", name: "Voitura Mag CI", url: "https://mag.voitura.ci" },
    ],
  },
  {
    country: "Pan-African",
    sites: [{ category: "Electric car platform", name: "Voitura Electric", url: "https://electric.voitura.africa" }],
  },
];
