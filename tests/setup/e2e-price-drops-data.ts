// The seller tests/setup/e2e-price-drops.ts writes for the favourite price-drop journey.

/** A private seller who can sign in (no sign-up in the journey: fewer password hashes on a busy machine). */
export const E2E_DROP_SELLER = { id: "e2e-drop-seller", name: "Zanele Khumalo", email: "drop-seller@example.com", password: "Secret123" };
