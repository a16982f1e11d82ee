// The seller and drafts tests/setup/e2e-selling.ts writes for the selling journeys.

/** A seller who can sign in, with empty posting drafts to put photos on (one per journey). */
export const E2E_PHOTO_SELLER = { id: "e2e-photo-seller", name: "Ayanda Dlamini", email: "photo-seller@example.com", password: "Secret123" };
export const E2E_PHOTO_DRAFTS = { checks: 990_101, exif: 990_102, stranger: 990_103, manager: 990_104, noScript: 990_105 } as const;
/** Another seller, owner of the `stranger` draft. */
export const E2E_OTHER_SELLER = { id: "e2e-other-seller", name: "Johan Botha", email: "other-seller@example.com" };
