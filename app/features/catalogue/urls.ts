// Canonical catalogue URLs (spec section 2). One place, so links and redirects agree.
export const brandUrl = (brand: { slug: string; id: number }) => `/guide-auto/voitures-neuves/marque/${brand.slug}/${brand.id}`;

export const modelUrl = (brandSlug: string, model: { id: number; slug: string }) =>
  `/guide-auto/voitures-neuves/marque/${brandSlug}/modele/${model.id}-${model.slug}`;

export const versionUrl = (brandSlug: string, modelSlug: string, version: { id: number; slug: string }) =>
  `/guide-auto/voitures-neuves/marque/${brandSlug}/modele/${modelSlug}/${version.id}-${version.slug}`;
