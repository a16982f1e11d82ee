import { modelUrl } from "~/features/catalogue/urls";
import { bodyTypes, type BodyType } from "../../../db/schema/vocabulary";

// Owner reviews' addresses and the query parameters they read. A model's reviews live on its page
// (the "owner-reviews" section): ?avis=N is the page of reviews and ?tri=utiles the "most helpful"
// order, so a shared link shows what the reader saw, and the model page stays the one canonical
// page of the model. The hub keeps its state in its own query (carrosserie, marque, q, page).

export const OWNER_REVIEWS_PATH = "/guide-auto/avis-des-automobilistes";
export const OWNER_REVIEWS_ANCHOR = "owner-reviews";

export const writeReviewUrl = (modelId: number) => `${OWNER_REVIEWS_PATH}/ecrire/${modelId}`;
export const reportReviewUrl = (reviewId: number) => `${OWNER_REVIEWS_PATH}/signaler/${reviewId}`;
const HELPFUL_VOTE_PREFIX = `${OWNER_REVIEWS_PATH}/utile/`;
export const helpfulVoteUrl = (reviewId: number) => `${HELPFUL_VOTE_PREFIX}${reviewId}`;

/** Whether a form goes to a helpful vote's action (the model page answers it in place). */
export function isHelpfulVote(formAction: string | undefined): boolean {
  const path = formAction?.split("?")[0] ?? "";
  return path.startsWith(HELPFUL_VOTE_PREFIX) && /^\d+$/.test(path.slice(HELPFUL_VOTE_PREFIX.length));
}

const reviewOrders = ["latest", "helpful"] as const;
export type ReviewOrder = (typeof reviewOrders)[number];

/** The order's word in the URL ("latest" is the default and has none). */
const orderParam: Record<ReviewOrder, string> = { latest: "recents", helpful: "utiles" };

export const MODEL_REVIEWS_PAGE_PARAM = "avis";
export const MODEL_REVIEWS_ORDER_PARAM = "tri";

interface ModelReviewsQuery {
  page: number;
  order: ReviewOrder;
}

/** The reviews section's page and order; anything unreadable is the first page, latest first. */
export function readModelReviewsQuery(params: URLSearchParams): ModelReviewsQuery {
  const rawPage = params.get(MODEL_REVIEWS_PAGE_PARAM) ?? "";
  const page = /^\d{1,4}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const order = params.get(MODEL_REVIEWS_ORDER_PARAM) === orderParam.helpful ? "helpful" : "latest";
  return { page, order };
}

/** Whether two addresses of the model page ask for a different page or order of its reviews. */
export function modelReviewsQueryChanged(a: URL, b: URL): boolean {
  const x = readModelReviewsQuery(a.searchParams);
  const y = readModelReviewsQuery(b.searchParams);
  return x.page !== y.page || x.order !== y.order;
}

/** A model's reviews section: its page, in an order, at the section. */
export function modelReviewsUrl(brandSlug: string, model: { id: number; slug: string }, query: Partial<ModelReviewsQuery> = {}): string {
  const params = new URLSearchParams();
  if (query.page && query.page > 1) params.set(MODEL_REVIEWS_PAGE_PARAM, String(query.page));
  if (query.order === "helpful") params.set(MODEL_REVIEWS_ORDER_PARAM, orderParam.helpful);
  const search = params.toString();
  return `${modelUrl(brandSlug, model)}${search ? `?${search}` : ""}#${OWNER_REVIEWS_ANCHOR}`;
}

/** A review's own place on its model page (the first page of the latest, where a new one shows). */
export function reviewAnchor(reviewId: number): string {
  return `review-${reviewId}`;
}

// ---------------------------------------------------------------------------------------------
// The hub

const HUB_QUERY_MAX = 100;

export interface HubQuery {
  /** Best-rated models of one body type (?carrosserie=suv). */
  bodyType?: BodyType;
  /** Reviews of one brand (?marque=toyota), by slug; checked against the brands by the loader. */
  brandSlug?: string;
  /** A model searched for (?q=). */
  q: string;
  /** The page of the latest reviews (or of the brand's). */
  page: number;
  /** What was dropped from the address, for a notice. */
  dropped: string[];
}

/** The hub's parameters (its page reads no other). */
export const HUB_QUERY_PARAMS = ["carrosserie", "marque", "q", "page"] as const;

export function readHubQuery(params: URLSearchParams): HubQuery {
  const dropped: string[] = [];
  const body = params.get("carrosserie");
  let bodyType: BodyType | undefined;
  if (body) {
    if ((bodyTypes as readonly string[]).includes(body)) bodyType = body as BodyType;
    else dropped.push("body type");
  }
  const brand = params.get("marque");
  let brandSlug: string | undefined;
  if (brand) {
    if (/^[a-z0-9-]{1,60}$/.test(brand)) brandSlug = brand;
    else dropped.push("brand");
  }
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, HUB_QUERY_MAX);
  const rawPage = params.get("page");
  let page = 1;
  if (rawPage !== null) {
    if (/^\d{1,4}$/.test(rawPage) && Number(rawPage) >= 1) page = Number(rawPage);
    else dropped.push("page");
  }
  return { bodyType, brandSlug, q, page, dropped };
}

/** The hub's address for a state (only what differs from the default is written). */
export function hubUrl(query: Partial<Omit<HubQuery, "dropped">>, hash?: string): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.bodyType) params.set("carrosserie", query.bodyType);
  if (query.brandSlug) params.set("marque", query.brandSlug);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `${OWNER_REVIEWS_PATH}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}
