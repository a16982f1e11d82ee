// The moderation area's addresses (app/routes.ts holds the map).

export const MODERATION_PATH = "/moderation";
export const moderationAdPath = (adId: number): string => `/moderation/annonces/${adId}`;
export const moderationReviewPath = (reviewId: number): string => `/moderation/avis/${reviewId}`;
export const moderationDealerRatingPath = (ratingId: number): string => `/moderation/notes-concessionnaires/${ratingId}`;
export const moderationClaimPath = (claimId: number): string => `/moderation/revendications/${claimId}`;
