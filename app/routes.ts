import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The whole URL map, explicit. French paths are part of the product (spec section 2).
export default [
  index("routes/home.tsx"),
  route("a-propos-de-nous", "routes/about.tsx"),
  route("politique-de-confidentalite-et-mentions-legales", "routes/privacy.tsx"),
  route("contactez-nous", "routes/contact.tsx"),

  // Newsletter double opt-in.
  route("newsletter", "routes/newsletter/subscribe.ts"),
  route("newsletter/confirmer", "routes/newsletter/confirm.tsx"),
  route("newsletter/desabonnement", "routes/newsletter/unsubscribe.tsx"),

  // Accounts (better-auth behind our own forms; its HTTP endpoints only for social callbacks).
  route("login", "routes/accounts/login.tsx"),
  route("register", "routes/accounts/register.tsx"),
  route("login/social", "routes/accounts/social-sign-in.ts"),
  route("logout", "routes/accounts/logout.ts"),
  route("mot-de-passe-oublie", "routes/accounts/forgot-password.tsx"),
  route("mot-de-passe/nouveau", "routes/accounts/new-password.tsx"),
  route("compte/verification", "routes/accounts/verify-email.tsx"),
  route("compte/supprime", "routes/accounts/account-deleted.tsx"),
  route("mon-compte", "routes/accounts/my-account.tsx"),
  route("api/auth/*", "routes/resources/auth.ts"),

  // Resource routes used by the client.
  route("captcha/challenge", "routes/resources/captcha-challenge.ts"),
  route("build-id", "routes/resources/build-id.ts"),
  route("menus/brands.json", "routes/resources/brand-menu.ts"),
  route("suggestions", "routes/resources/search-suggestions.ts"),
  route("menus/model-versions.json", "routes/resources/model-versions.ts"),

  // The legacy product API (spec section 7).
  route("api.php", "routes/api.ts"),

  // Link previews: /apercu/{kind}/{id or slugs}.{fingerprint}.png, 1200×630 cards for shared links,
  // and /apercu/logo.png (decision 010; shapes in app/features/previews/cards.ts).
  route("apercu/*", "routes/resources/preview-image.ts"),

  // Crawlers: robots.txt and the sitemap index with its paged children.
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap-index.ts"),
  route("sitemaps/:file", "routes/seo/sitemap.ts"),

  // New-car catalogue: brand, model and version pages (a stale slug is 301'd to the canonical URL).
  route("guide-auto/voitures-neuves/marque/:brandSlug/:brandId", "routes/guide-auto/brand.tsx"),
  route("guide-auto/voitures-neuves/marque/:brandSlug/modele/:modelIdSlug", "routes/guide-auto/model.tsx"),
  route("guide-auto/voitures-neuves/marque/:brandSlug/modele/:modelSlug/:versionIdSlug", "routes/guide-auto/version.tsx"),
  // A car's cost of ownership by year, with its assumptions as GET parameters (issue 47).
  route("guide-auto/voitures-neuves/marque/:brandSlug/modele/:modelSlug/:versionIdSlug/cout-de-possession", "routes/guide-auto/version-costs.tsx"),

  // The car guide's hub and list sections (a literal /guide-auto/guide-auto stays a 404).
  route("guide-auto", "routes/guide-auto/hub.tsx"),
  route("guide-auto/voitures-neuves", "routes/guide-auto/new-cars.tsx"),
  route("guide-auto/voitures-electriques", "routes/guide-auto/electric.tsx"),
  route("guide-auto/promos-du-moment", "routes/guide-auto/promotions.tsx"),
  route("guide-auto/voitures-haut-de-gamme", "routes/guide-auto/premium.tsx"),
  route("guide-auto/nouveautes-au-marche", "routes/guide-auto/new-arrivals.tsx"),

  // Owner reviews (issue 16): the hub, writing (changing, deleting) one's review of a model,
  // reporting a review, and the helpful vote's action. A model's reviews are on its page.
  route("guide-auto/avis-des-automobilistes", "routes/guide-auto/owner-reviews.tsx"),
  route("guide-auto/avis-des-automobilistes/ecrire/:modelId", "routes/reviews/write.tsx"),
  route("guide-auto/avis-des-automobilistes/signaler/:reviewId", "routes/reviews/report.tsx"),
  route("guide-auto/avis-des-automobilistes/utile/:reviewId", "routes/reviews/helpful-vote.ts"),

  // Faceted new-car search (a plain GET form; the top-bar search falls back to it with ?q=).
  route("voitures-neuves/recherche", "routes/new-car-search.tsx"),

  // Practical guides: a taxonomy (the finance one carries the repayment calculator) and its guides.
  route("guide-pratique/:taxonomy", "routes/guide-pratique/taxonomy.tsx"),
  route("guide-pratique/:taxonomy/:slug", "routes/guide-pratique/guide.tsx"),

  // The comparator: a shareable list of version ids (/comparateur?versions=12,7,31).
  route("comparateur", "routes/comparator.tsx"),

  // Car news (spec section 2). A non-numeric category id (a literal /actualite-auto/actualite-auto
  // included) is a 404; the suggestions' /actualite-auto/toute-actualite/{id}-{slug} is the article route.
  route("actualite-auto", "routes/actualite-auto/hub.tsx"),
  route("actualite-auto/toute-l-actualite", "routes/actualite-auto/all-news.tsx"),
  route("actualite-auto/:categIdSlug", "routes/actualite-auto/category.tsx"),
  route("actualite-auto/:categSlug/:articleIdSlug", "routes/actualite-auto/article.tsx"),
  route("atom.xml", "routes/seo/atom.ts"),

  // The used-car marketplace: the hub, the faceted search (a plain GET form, state in the URL), an
  // ad (its POSTs: contact the seller, show the phone number, report), the ad page's view beacon,
  // the favourite heart's action and the signed-in user's favourites.
  route("marche-doccasion", "routes/marketplace/hub.tsx"),
  route("marche-doccasion/rechercher", "routes/marketplace/search.tsx"),
  route("marche-doccasion/annonce/:adIdSlug", "routes/marketplace/ad.tsx"),
  route("marche-doccasion/annonce/:adIdSlug/cout-de-possession", "routes/marketplace/ad-costs.tsx"),
  route("marche-doccasion/vue", "routes/marketplace/ad-view.ts"),
  route("marche-doccasion/favori", "routes/marketplace/favourite.ts"),
  route("mon-compte/favoris", "routes/marketplace/favourites.tsx"),
  // "What is my car worth?" (issue 47): a plain GET form answered with the comparables' price range.
  route("estimer-ma-voiture", "routes/marketplace/car-valuation.tsx"),
  // Its "Get offers from dealers": the valued car as a trade-in lead to the province's used-car dealers.
  route("estimer-ma-voiture/offres", "routes/marketplace/trade-in-offers.tsx"),

  // Saved searches and their alerts: "Save this search" (POST), the account's list (rename, alerts
  // on/off, delete), running one (marks its ads seen), and the alert mail's one-click unsubscribe.
  route("marche-doccasion/recherches", "routes/marketplace/save-search.ts"),
  route("mon-compte/recherches", "routes/marketplace/saved-searches.tsx"),
  route("mon-compte/recherches/:id/ouvrir", "routes/marketplace/open-saved-search.ts"),
  route("alertes/desabonnement", "routes/marketplace/unsubscribe-alerts.tsx"),
  // The favourites' price-drop mail's one-click unsubscribe (a signed token, no sign-in).
  route("alertes/baisses-de-prix/desabonnement", "routes/marketplace/unsubscribe-price-drops.tsx"),
  // The lead confirmation mail's deletion link (issue 17): GET asks, POST deletes; a signed token, no sign-in.
  route("trouver-mon-vehicule/supprimer", "routes/leads/delete-lead.tsx"),
  // Selling: the seller's ads (list and POST actions: sold, renew, pause, unpause, delete) and the
  // expiry mails' one-click renew link (a signed token, no sign-in).
  route("mon-compte/annonces", "routes/marketplace/my-ads.tsx"),
  route("mon-compte/annonces/renouveler", "routes/marketplace/renew-ad.tsx"),
  // Selling a car (issue 15): the login gate that starts or continues the seller's draft, one page
  // per step of the draft (its POST saves the step; on the preview it publishes), the edit draft
  // of an own ad, and the car step's catalogue lookups.
  route("poster-une-annonce", "routes/selling/start.tsx"),
  route("poster-une-annonce/catalogue.json", "routes/selling/catalogue.ts"),
  route("poster-une-annonce/modifier/:adId", "routes/selling/edit.ts"),
  route("poster-une-annonce/:draftId/:step", "routes/selling/step.tsx"),

  // Selling, photos: the photo manager's endpoint (multipart: upload, move, cover, delete on a draft).
  route("poster-une-annonce/photos", "routes/marketplace/draft-photos.ts"),

  // The dealer directory (decision 014): /concessionnaires is the canonical directory, the car
  // guide's entry renders it with a canonical link there; the model pages' "Dealers near you"
  // reads a few dealers from the JSON resource.
  route("concessionnaires", "routes/dealers/directory.tsx"),
  route("concessionnaires/proches.json", "routes/dealers/nearby.ts"),
  route("guide-auto/liste-des-concessionnaires", "routes/guide-auto/dealer-list.tsx"),

  // A dealer's page: /concessionnaires/{id}-{slug} (a stale slug is 301'd; a non-numeric id, the
  // spec's literal /concessionnaires/concessionnaires included, is the 404 page), its POST the
  // contact form.
  route("concessionnaires/:dealerIdSlug", "routes/dealers/dealer.tsx"),
  // Buyers' ratings of a dealer (issue 46, docs/dealers.md): the signed-in rating form beside the
  // dealer's page, and a rating's report page.
  route("concessionnaires/:dealerIdSlug/evaluer", "routes/dealers/rate.tsx"),
  route("concessionnaires/avis/signaler/:ratingId", "routes/dealers/report-rating.tsx"),

  // Dealer accounts (issue 46, docs/dealers.md): the dealer a person acts for, then that dealer's
  // dashboard, one child route per section (app/features/dealer-accounts/urls.ts names them).
  route("mon-compte/concession", "routes/dealer-accounts/choose-dealer.tsx"),
  // The mailed link of an invitation to a dealer (signed in, the invited address accepts).
  route("mon-compte/concession/invitation", "routes/dealer-accounts/invitation.tsx"),
  route("mon-compte/concession/:dealerId", "routes/dealer-accounts/dashboard.tsx", [
    // The stock with its 30 days and bulk actions; the leads, their status forms and their CSV.
    index("routes/dealer-accounts/stock.tsx"),
    route("prospects", "routes/dealer-accounts/leads.tsx"),
    route("prospects.csv", "routes/dealer-accounts/leads-export.ts"),
    // Buyers' ratings and the dealer's answers (owner and staff).
    route("avis", "routes/dealer-accounts/ratings.tsx"),
    // The owner's sections: the dealer's people and its public details.
    route("equipe", "routes/dealer-accounts/people.tsx"),
    route("fiche", "routes/dealer-accounts/details.tsx"),
    // The stock feed: check a feed and its photos' ZIP, import it as a job, the last imports.
    route("import", "routes/dealer-accounts/stock-feed.tsx"),
  ]),
  // Claiming a dealer (issue 46, docs/dealers.md "Claiming a dealer"): "Is this your dealership?",
  // signed in; a code mailed to the dealer's listed address, or a request a moderator decides.
  route("mon-compte/concession/revendiquer/:dealerId", "routes/dealer-accounts/claim-dealer.tsx"),

  // Banners (issue 17): /b/{id} counts a click and redirects to the banner's stored link (never a
  // target from the query); /b/vues is the beacon of banner boxes seen, counted in batches.
  route("b/vues", "routes/banners/views.ts"),
  route("b/:id", "routes/banners/click.tsx"),
  // The lead popup's steps as plain pages for visitors without scripts (GET steps, the last a POST),
  // and the address the popup posts its request to (issue 17).
  route("trouver-mon-vehicule", "routes/leads/find-my-vehicle.tsx"),

  // Moderation (issue 43, docs/moderation.md): the queue of reported ads and reviews, and one item
  // with its actions. Only the accounts MODERATOR_EMAILS names; anyone else gets the 404 page.
  route("moderation", "routes/moderation/queue.tsx"),
  route("moderation/annonces/:adId", "routes/moderation/ad.tsx"),
  route("moderation/avis/:reviewId", "routes/moderation/review.tsx"),
  // A reported buyer's rating of a dealer (issue 46).
  route("moderation/notes-concessionnaires/:ratingId", "routes/moderation/dealer-rating.tsx"),
  // A dealer claim sent for review (issue 46): approve or refuse it.
  route("moderation/revendications/:claimId", "routes/moderation/dealer-claim.tsx"),

  // Everything else is the 404 page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
