import { Info, MessageSquareText, Trophy } from "lucide-react";
import { Link } from "react-router";
import { GUIDE_CRUMB, GuidePageHeader, ListEmptyState } from "~/features/catalogue/components/guide-page";
import { bodyTypeLabels } from "~/features/catalogue/types";
import { BestRatedList, BodyTypeLinks, BrandFilter, ModelSearchForm, ModelSearchResults } from "~/features/reviews/components/hub-sections";
import { ReviewCard } from "~/features/reviews/components/review-card";
import { ReviewsDemoNote } from "~/features/reviews/components/reviews-demo-note";
import { BEST_RATED_MIN_REVIEWS } from "~/features/reviews/review-scores";
import { loadOwnerReviewsHub } from "~/features/reviews/reviews-hub.server";
import { HUB_QUERY_PARAMS, hubUrl, OWNER_REVIEWS_PATH, reviewAnchor } from "~/features/reviews/urls";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import { Pagination } from "~/ui/pagination";
import { StaticIsland } from "~/ui/static-island";
import type { Route } from "./+types/owner-reviews";
import type { PageQueryHandle } from "~/lib/page-query";
import { Icon } from "~/ui/icon";

// /guide-auto/avis-des-automobilistes: what South African owners say. The best-rated models
// (overall or of one body type), the latest reviews (of every brand or one), a model search; the
// state is the address, every control a link or a GET form. The same page for every visitor.

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: HUB_QUERY_PARAMS };

export async function loader({ request }: Route.LoaderArgs) {
  return loadOwnerReviewsHub(request);
}

const CLIP = 280;

export default function OwnerReviewsHub({ loaderData }: Route.ComponentProps) {
  const { state, dropped, totals, bodyTypes, best, brands, brand, latest, search } = loaderData;
  const bodyLabel = state.bodyType ? bodyTypeLabels[state.bodyType] : null;
  // The two lists are plain links: they stay the server's HTML (decision 004), one island per URL state.
  const bestIsland = `reviews-best-${state.bodyType ?? "all"}`;
  const latestIsland = `reviews-latest-${brand?.slug ?? "all"}-${latest.page}`;
  return (
    <div className="container-page py-6 sm:py-8">
      <GuidePageHeader
        crumbs={[GUIDE_CRUMB, { label: "Owner reviews" }]}
        path={OWNER_REVIEWS_PATH}
        title="Owner reviews"
        intro={
          <p>
            {totals.reviews > 0
              ? `${totals.reviews.toLocaleString("en-ZA").replace(/,/g, " ")} reviews by South African drivers of the cars they own, scored from 0 to 10 on comfort, performance, fuel economy, reliability, practicality, value for money and after-sales service.`
              : "Reviews by South African drivers of the cars they own, scored from 0 to 10."}
          </p>
        }
      >
        <ModelSearchForm state={state} />
        {dropped.length > 0 ? (
          <p role="status" className="mt-4 flex items-start gap-2 rounded-[var(--radius-control)] bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            <Info className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
            <span>We ignored a {dropped.join(" and a ")} in the address that we do not know.</span>
          </p>
        ) : null}
      </GuidePageHeader>

      {search ? <ModelSearchResults q={state.q} results={search} state={state} /> : null}

      <section id="best-rated" aria-labelledby="best-heading" className="mb-14 scroll-mt-24">
        <h2 id="best-heading" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          Best-rated <span className="text-primary-700 dark:text-primary-300">{bodyLabel ? `${bodyLabel.toLowerCase()} models` : "models"}</span>
        </h2>
        <p className="mt-1 mb-4 text-slate-600 dark:text-slate-400">By average overall score, among models with at least {BEST_RATED_MIN_REVIEWS} owner reviews.</p>
        {bodyTypes.length > 0 ? <BodyTypeLinks bodyTypes={bodyTypes} state={state} /> : null}
        {best.length > 0 ? (
          <StaticIsland key={bestIsland} id={bestIsland}>
            <BestRatedList models={best} />
          </StaticIsland>
        ) : (
          <div className="mt-4">
            <ListEmptyState icon={<Trophy className="size-6" strokeWidth={1.75} aria-hidden="true" />} title={bodyLabel ? `No ${bodyLabel.toLowerCase()} has ${BEST_RATED_MIN_REVIEWS} reviews yet` : "No model has enough reviews yet"}>
              {bodyLabel ? (
                <p>
                  <Link to={hubUrl({ ...state, bodyType: undefined, page: 1 }, "best-rated")} className="link">
                    See the best-rated models of every body type
                  </Link>
                </p>
              ) : (
                <p>Own a car? Find it above and write the first review.</p>
              )}
            </ListEmptyState>
          </div>
        )}
      </section>

      <section id="latest" aria-labelledby="latest-heading" className="scroll-mt-24">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <h2 id="latest-heading" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              Latest <span className="text-primary-700 dark:text-primary-300">{brand ? `${brand.name} reviews` : "reviews"}</span>
            </h2>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              {latest.total} {latest.total === 1 ? "review" : "reviews"}
              {brand ? ` of ${brand.name} models` : ""}, newest first.
            </p>
          </div>
          {brands.length > 0 ? <BrandFilter brands={brands} state={state} /> : null}
        </div>
        {latest.reviews.length === 0 ? (
          <div className="mt-5">
            <ListEmptyState icon={<MessageSquareText className="size-6" strokeWidth={1.75} aria-hidden="true" />} title="No review yet">
              <p>Find your car with the search above and be the first to review it.</p>
            </ListEmptyState>
          </div>
        ) : (
          <>
            <StaticIsland key={latestIsland} id={latestIsland}>
              <ol className="mt-5 grid gap-4 lg:grid-cols-2" aria-label="Latest reviews">
                {latest.reviews.map((review) => (
                  <li key={review.id} className="flex">
                    <ReviewCard
                      review={review}
                      className="review-card-fill"
                      clipAt={CLIP}
                      context={
                        <Link to={`${review.modelPath}#owner-reviews`} className="hover:underline">
                          {review.brandName} {review.modelName}
                        </Link>
                      }
                      actions={
                        <Link to={`${review.modelPath}#${reviewAnchor(review.id)}`} className="link inline-flex items-center gap-1 text-sm">
                          Read the full review<span className="sr-only">: “{review.title}”</span>
                          <Icon name="arrow-right" className="size-4" />
                        </Link>
                      }
                    />
                  </li>
                ))}
              </ol>
            </StaticIsland>
            <Pagination page={latest.page} pageCount={latest.pageCount} hrefFor={(n) => hubUrl({ ...state, page: n }, "latest")} label="Pages of the latest reviews" />
          </>
        )}
        <ReviewsDemoNote className="mt-6" />
      </section>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  const brand = data?.brand?.name;
  return routeMeta(args, {
    title: brand ? `${brand} owner reviews` : "Owner reviews of new cars in South Africa",
    description: "What South African drivers say about the cars they own: scores out of 10, likes and dislikes, the best-rated models by body type and the latest reviews by brand.",
    canonicalPath: OWNER_REVIEWS_PATH,
  });
}
