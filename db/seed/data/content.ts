import type { banners, guideTaxonomies, newsCategories } from "../../schema";

// Editorial taxonomies and banners. Slugs follow the site's French URL style
// (/actualite-auto/{id}-{slug}, /guide-pratique/{slug}); names and copy are English.

export const newsCategorySeed: Omit<typeof newsCategories.$inferInsert, "id">[] = [
  {
    slug: "nouveautes",
    name: "New launches",
    description: "Every new car, SUV and bakkie arriving in South African showrooms, with prices, specifications and first impressions.",
    position: 1,
  },
  {
    slug: "essais",
    name: "Road tests",
    description: "In-depth drives of new cars on South African roads: performance, comfort, fuel economy and value for money, with our verdict.",
    position: 2,
  },
  {
    slug: "industrie-et-ventes",
    name: "Industry & sales",
    description: "Monthly new-vehicle sales figures, local manufacturing and exports, and the business of the South African motor industry.",
    position: 3,
  },
  {
    slug: "electrique",
    name: "Electric",
    description: "Electric and hybrid cars in South Africa: new models, charging networks, running costs, load-shedding and import duties.",
    position: 4,
  },
  {
    slug: "sport-automobile",
    name: "Motorsport",
    description: "Formula 1, the South African Rally Championship, GTC circuit racing and the local drivers to watch.",
    position: 5,
  },
  {
    slug: "conseils",
    name: "Advice",
    description: "Practical advice on choosing, financing, insuring, maintaining and selling a car in South Africa.",
    position: 6,
  },
];

export const guideTaxonomySeed: Omit<typeof guideTaxonomies.$inferInsert, "id">[] = [
  {
    slug: "permis-de-conduire",
    name: "Driving licence",
    menuLabel: "Driving licence",
    description:
      "How to get a learner's and a driver's licence in South Africa: the K53 test, booking at a driving licence testing centre, renewing your card every five years and converting a foreign licence.",
    position: 1,
  },
  {
    slug: "assurer-mon-vehicule",
    name: "Car insurance",
    menuLabel: "Insure my vehicle",
    description:
      "Comprehensive, third-party, fire and theft: how car insurance works in South Africa, what drives your premium, excesses, tracking devices and how to claim.",
    position: 2,
  },
  {
    slug: "financer-mon-vehicule",
    name: "Car finance",
    menuLabel: "Finance my vehicle",
    description:
      "Vehicle finance explained: deposits, balloon payments, interest rates linked to prime, affordability checks under the National Credit Act and the true cost of a car loan.",
    position: 3,
  },
  {
    slug: "immatriculation",
    name: "Vehicle registration",
    menuLabel: "Registration",
    description:
      "Registering a new or used vehicle: the registration certificate, number plates, the eNaTIS system and transferring ownership within 21 days of a sale.",
    position: 4,
  },
  {
    slug: "controle-technique",
    name: "Roadworthy test",
    menuLabel: "Technical inspection",
    description:
      "When you need a roadworthy certificate, what the testing station checks, what it costs and how to prepare your car to pass first time.",
    position: 5,
  },
  {
    slug: "vignette",
    name: "Licence disc",
    menuLabel: "Vignette",
    description:
      "Renewing your annual vehicle licence disc: fees by province and mass, the 21-day grace period, penalties for late renewal and where to renew.",
    position: 6,
  },
];

// Demo banners (issue 17), one set per slot, drawn from the site's car illustrations by
// scripts/banners-draw.ts into public/banners/ (the sizes here are the files' own). Every one says
// "Demo" in its art and its alt text, and links to a real page of the site. No end date: they stay
// live until an operator imports real ones (npm run banners:import) and switches these off.
type BannerSeed = Omit<typeof banners.$inferInsert, "id">;
const demo = (banner: Omit<BannerSeed, "active" | "isDemo">): BannerSeed => ({ ...banner, active: true, isDemo: true });

export const bannerSeed: BannerSeed[] = [
  demo({
    slot: "home-top",
    title: "New-car deals this month",
    imagePath: "/banners/demo-home-promotions.svg",
    imageWidth: 1200,
    imageHeight: 300,
    altText: "Demo banner: new-car deals this month, see the promotions",
    linkUrl: "/guide-auto/promos-du-moment",
    weight: 3,
  }),
  demo({
    slot: "home-top",
    title: "Compare up to four cars side by side",
    imagePath: "/banners/demo-home-comparator.svg",
    imageWidth: 1200,
    imageHeight: 300,
    altText: "Demo banner: compare up to four cars side by side, open the comparator",
    linkUrl: "/comparateur",
    weight: 1,
  }),
  demo({
    slot: "model-side",
    title: "Finance your next car",
    imagePath: "/banners/demo-side-finance.svg",
    imageWidth: 600,
    imageHeight: 500,
    altText: "Demo banner: finance your next car, work out the monthly instalment",
    linkUrl: "/guide-pratique/financer-mon-vehicule",
    weight: 2,
  }),
  demo({
    slot: "model-side",
    title: "Bakkies for work and play",
    imagePath: "/banners/demo-side-bakkies.svg",
    imageWidth: 600,
    imageHeight: 500,
    altText: "Demo banner: bakkies for work and play, browse used bakkies",
    linkUrl: "/marche-doccasion/rechercher?body=bakkie&body=double-cab",
    weight: 1,
    targetBodyTypes: ["bakkie", "double-cab"],
  }),
  demo({
    slot: "model-side",
    title: "Used Toyotas near you",
    imagePath: "/banners/demo-side-toyota.svg",
    imageWidth: 600,
    imageHeight: 500,
    altText: "Demo banner: used Toyotas from dealers and private sellers",
    linkUrl: "/marche-doccasion/rechercher?make1=toyota",
    weight: 1,
    targetBrands: ["toyota"],
  }),
  demo({
    slot: "article-inline",
    title: "Comprehensive or third-party cover?",
    imagePath: "/banners/demo-article-insurance.svg",
    imageWidth: 1200,
    imageHeight: 400,
    altText: "Demo banner: comprehensive or third-party car insurance, read the guide",
    linkUrl: "/guide-pratique/assurer-mon-vehicule/comprehensive-vs-third-party-insurance",
    weight: 1,
  }),
  demo({
    slot: "article-inline",
    title: "Thinking electric?",
    imagePath: "/banners/demo-article-electric.svg",
    imageWidth: 1200,
    imageHeight: 400,
    altText: "Demo banner: thinking electric? Every EV on sale in South Africa",
    linkUrl: "/guide-auto/voitures-electriques",
    weight: 1,
  }),
  demo({
    slot: "used-search-results",
    title: "Selling your car? Post a free ad",
    imagePath: "/banners/demo-used-sell.svg",
    imageWidth: 1200,
    imageHeight: 300,
    altText: "Demo banner: selling your car? Post a free ad",
    linkUrl: "/poster-une-annonce",
    weight: 2,
  }),
  demo({
    slot: "used-search-results",
    title: "Selling in Gauteng? Get your roadworthy first",
    imagePath: "/banners/demo-used-roadworthy.svg",
    imageWidth: 1200,
    imageHeight: 300,
    altText: "Demo banner: selling in Gauteng? When you need a roadworthy certificate",
    linkUrl: "/guide-pratique/controle-technique/when-roadworthy-certificate-needed",
    weight: 1,
    targetProvinces: ["gauteng"],
  }),
  demo({
    slot: "used-search-results",
    title: "Used Volkswagens, checked and priced",
    imagePath: "/banners/demo-used-volkswagen.svg",
    imageWidth: 1200,
    imageHeight: 300,
    altText: "Demo banner: used Volkswagens, every ad with its price rating",
    linkUrl: "/marche-doccasion/rechercher?make1=volkswagen",
    weight: 1,
    targetBrands: ["volkswagen"],
  }),
];
