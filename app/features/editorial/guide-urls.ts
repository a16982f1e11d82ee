// Practical-guide URLs (spec section 2: /guide-pratique/{taxonomy} and /guide-pratique/{taxonomy}/{slug}).

const GUIDE_ROOT = "/guide-pratique";
export const guideTaxonomyPath = (taxonomySlug: string) => `${GUIDE_ROOT}/${taxonomySlug}`;
export const guidePath = (taxonomySlug: string, guideSlug: string) => `${GUIDE_ROOT}/${taxonomySlug}/${guideSlug}`;

/** The taxonomy whose page carries the repayment calculator. */
export const FINANCE_TAXONOMY = "financer-mon-vehicule";
/** Where the calculator sits on that page. */
export const CALCULATOR_PATH = `${GUIDE_ROOT}/${FINANCE_TAXONOMY}#calculator`;

/** Taxonomy and guide slugs as the content format allows them; anything else is a 404 without a query. */
export const isContentSlug = (value: string | undefined): value is string => !!value && /^[a-z0-9][a-z0-9-]{0,99}$/.test(value);
