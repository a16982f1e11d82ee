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

export const bannerSeed: Omit<typeof banners.$inferInsert, "id">[] = [
  {
    slot: "home-hero",
    title: "Festive deals: save on new cars before the end of the year",
    imagePath: null,
    linkUrl: "/guide-auto/promos-du-moment",
    active: true,
  },
  {
    slot: "home-middle",
    title: "Thinking electric? Compare every EV on sale in South Africa",
    imagePath: null,
    linkUrl: "/guide-auto/voitures-electriques",
    active: true,
  },
  {
    slot: "sidebar",
    title: "Compare up to three cars side by side",
    imagePath: null,
    linkUrl: "/comparateur",
    active: true,
  },
];
