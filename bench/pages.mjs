// What the bench measures: the pages, in order, how the catalogue and news paths are found on
// the running server, and each page fetched once. Every page type of issue 45's budgets is here
// (home, brand, model, version, new-car search, comparator, article, guide, used-car hub and
// search, ad, dealer directory, dealer, reviews hub), with the contact page and the news list.
import zlib from "node:zlib";
import { only, onlyLabels } from "./options.mjs";
import { log } from "./processes.mjs";

/**
 * The pages measured, in order. Add a page here: a short label and its path, or `resolve`, a
 * function finding the path on the running server (catalogue ids come from the data).
 * `minRequestsPerSecond`: a throughput budget for that page as served. Every page is also measured
 * with every request rendered (the page cache skipped), with no budget: issue 44 retired the
 * rendering budgets, since the traffic model (docs/scaling.md) is served several times over.
 * `noindex`: the page is kept out of search engines on purpose, so Lighthouse's SEO score is not a
 * budget for it.
 */
const USED_SEARCH_PATH = "/marche-doccasion/rechercher?price_max=400000&year_min=2018&transmission=automatic&body=suv&province=gauteng&sort=price-asc";

export const PAGES = [
  { label: "home", path: "/" },
  { label: "contact", path: "/contactez-nous" },
  { label: "brand", resolve: (c) => c.brandPath },
  { label: "model", resolve: (c) => c.modelPath, minRequestsPerSecond: 400 },
  { label: "version", resolve: (c) => c.versionPath },
  { label: "search", path: "/voitures-neuves/recherche" },
  { label: "compare4", resolve: (c) => c.comparisonPath },
  { label: "news-list", path: "/actualite-auto/toute-l-actualite" },
  { label: "article", resolve: (c) => c.articlePath },
  { label: "guide", resolve: (c) => c.guidePath },
  { label: "used-hub", path: "/marche-doccasion" },
  // A filtered search as shoppers make them (several facets, a price cap, a sort).
  { label: "used-search", path: USED_SEARCH_PATH },
  { label: "used-ad", resolve: (c) => c.adPath },
  // The dealer directory, a dealer's page (the first listed) and the owner reviews' hub (issue 16).
  { label: "dealers", path: "/concessionnaires" },
  { label: "dealer", resolve: (c) => c.dealerPath },
  { label: "reviews", path: "/guide-auto/avis-des-automobilistes" },
  // Issue 47's pages: a version's cost of ownership, and a valuation's answer (a common demo car;
  // an answer is one car's, so it is noindex on purpose and has no SEO budget).
  { label: "version-costs", resolve: (c) => c.versionPath && `${c.versionPath}/cout-de-possession` },
  { label: "valuation", path: "/estimer-ma-voiture?make=toyota&model=corolla-cross&year=2021&km=60000", noindex: true },
];

/** The pages this run measures (--only). */
export const pages = only ? PAGES.filter((p) => onlyLabels.includes(p.label)) : PAGES;

/** Catalogue paths from the running server: Toyota (else the first brand), its most listed model, a version. */
export async function catalogueContext(origin) {
  const brands = await (await fetch(`${origin}/menus/brands.json`, { signal: AbortSignal.timeout(10_000) })).json();
  const brand = brands.find((b) => b.slug === "toyota") ?? brands[0];
  const model = brand.models.find((m) => m.slug === "corolla-cross") ?? brand.models[0];
  const brandPath = `/guide-auto/voitures-neuves/marque/${brand.slug}/${brand.id}`;
  const modelPath = `/guide-auto/voitures-neuves/marque/${brand.slug}/modele/${model.id}-${model.slug}`;
  const html = await (await fetch(`${origin}${modelPath}`, { signal: AbortSignal.timeout(15_000) })).text();
  const versionPath = html.match(new RegExp(`/guide-auto/voitures-neuves/marque/${brand.slug}/modele/${model.slug}/\\d+-[a-z0-9-]+`))?.[0];
  // Four small SUVs shoppers compare, each at its cheapest version (the first four found).
  const rivals = [["toyota", "corolla-cross"], ["chery", "tiggo-4-pro"], ["haval", "jolion"], ["hyundai", "creta"], ["suzuki", "vitara"], ["kia", "seltos"]];
  const ids = [];
  for (const [brandSlug, modelSlug] of rivals) {
    const rival = brands.find((b) => b.slug === brandSlug)?.models.find((m) => m.slug === modelSlug);
    if (!rival || ids.length === 4) continue;
    const list = await (await fetch(`${origin}/menus/model-versions.json?model=${rival.id}`, { signal: AbortSignal.timeout(10_000) })).json();
    if (list[0]) ids.push(list[0].id);
  }
  const comparisonPath = ids.length === 4 ? `/comparateur?versions=${ids.join(",")}` : undefined;
  return { brandPath, modelPath, versionPath, comparisonPath };
}

/** The newest article's path, read from the all-news list of the running server. */
export async function newsContext(origin) {
  const html = await (await fetch(`${origin}/actualite-auto/toute-l-actualite`, { signal: AbortSignal.timeout(15_000) })).text();
  return { articlePath: html.match(/\/actualite-auto\/[a-z-]+\/\d+-[a-z0-9-]+/)?.[0] };
}

/** The first practical guide of the guides' sitemap. */
export async function guideContext(origin) {
  const xml = await (await fetch(`${origin}/sitemaps/guides.xml`, { signal: AbortSignal.timeout(15_000) })).text();
  const url = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).find((p) => /^\/guide-pratique\/[^/]+\/[^/]+$/.test(p));
  return { guidePath: url };
}

/** The first ad linked from the marketplace hub (its newest ads). */
export async function marketplaceContext(origin) {
  const html = await (await fetch(`${origin}/marche-doccasion`, { signal: AbortSignal.timeout(15_000) })).text();
  return { adPath: html.match(/\/marche-doccasion\/annonce\/\d+-[a-z0-9-]+/)?.[0] };
}

/** The first dealer page the directory links to. */
export async function dealerContext(origin) {
  const html = await (await fetch(`${origin}/concessionnaires`, { signal: AbortSignal.timeout(15_000) })).text();
  return { dealerPath: html.match(/\/concessionnaires\/\d+-[a-z0-9-]+/)?.[0] };
}

/** The listed pages with their paths on the running server, fetched once (status, size, HTML for nginx). */
export async function fetchPages(origin, listed = pages) {
  let context = {};
  if (listed.some((p) => p.resolve)) {
    try {
      context = await catalogueContext(origin);
    } catch (err) {
      log(`catalogue paths could not be found (${err.message}): those pages are skipped`);
    }
    try {
      Object.assign(context, await newsContext(origin));
    } catch (err) {
      log(`no article path found (${err.message}): the article page is skipped`);
    }
    try {
      Object.assign(context, await guideContext(origin));
    } catch (err) {
      log(`no guide path found (${err.message}): the guide page is skipped`);
    }
    try {
      Object.assign(context, await marketplaceContext(origin));
    } catch (err) {
      log(`no ad path found (${err.message}): the ad page is skipped`);
    }
    try {
      Object.assign(context, await dealerContext(origin));
    } catch (err) {
      log(`no dealer path found (${err.message}): the dealer page is skipped`);
    }
  }
  const results = [];
  const skipped = [];
  const savedHtml = new Map(); // result → the page's HTML, for nginx
  for (const one of listed) {
    const page = { ...one, path: one.path ?? one.resolve(context) };
    delete page.resolve;
    if (!page.path) {
      log(`${page.label}: no path, skipped`);
      skipped.push(page.label);
      continue;
    }
    const appUrl = `${origin}${page.path}`;
    const res = await fetch(appUrl, { headers: { "accept-encoding": "identity" }, signal: AbortSignal.timeout(15_000) });
    const html = await res.text();
    const result = { ...page, status: res.status, htmlBytes: Buffer.byteLength(html), gzipBytes: zlib.gzipSync(html, { level: 6 }).length };
    if (res.status !== 200) log(`${page.path} answers ${res.status}: measured anyway, but the figures are not the page's`);
    results.push(result);
    savedHtml.set(result, html);
  }
  return { results, skipped, savedHtml };
}
