import { dealerUrl } from "../urls";

// Buyers' ratings' addresses (app/routes.ts holds the map): the rating form beside the dealer's
// page, a rating's report page, and the ratings' place on the dealer page.

export const RATINGS_ANCHOR = "dealer-ratings";
/** The dealer page's query parameter of the ratings' page. */
export const RATINGS_PAGE_PARAM = "avis";

export const rateDealerUrl = (dealer: { id: number; slug: string }) => `${dealerUrl(dealer)}/evaluer`;
export const reportRatingUrl = (ratingId: number) => `/concessionnaires/avis/signaler/${ratingId}`;
export const ratingAnchor = (ratingId: number) => `rating-${ratingId}`;

/** The dealer page at a page of its ratings, scrolled to them. */
export function dealerRatingsUrl(dealer: { id: number; slug: string }, page = 1): string {
  return `${dealerUrl(dealer)}${page > 1 ? `?${RATINGS_PAGE_PARAM}=${page}` : ""}#${RATINGS_ANCHOR}`;
}
