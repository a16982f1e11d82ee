import { PenLine, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { bodyTypeLabels } from "~/features/catalogue/types";
import { CarDrawingSet, CarIllustration } from "~/ui/car-illustration";
import type { BodyType } from "../../../../db/schema/vocabulary";
import { formatScore, reviewCountLabel, SCORE_MAX } from "../review-scores";
import type { ModelSearchResult } from "../reviews-hub.server";
import type { RatedModel, ReviewedBrand } from "../reviews.server";
import { type HubQuery, hubUrl, modelReviewsUrl, writeReviewUrl } from "../urls";
import { Icon } from "~/ui/icon";

// The hub's pieces: the model search (a GET form), the best-rated ranking with its body-type
// links, and the brand filter of the latest reviews (a GET form). State lives in the address.

type HubState = Partial<Omit<HubQuery, "dropped">>;

export function ModelSearchForm({ state }: { state: HubState }) {
  return (
    <Form method="get" action={hubUrl({})} role="search" className="mt-6 flex max-w-2xl flex-col gap-2 sm:flex-row sm:flex-wrap">
      <label htmlFor="review-model-search" className="w-full text-sm font-semibold">
        Find the reviews of a model, or write your own
      </label>
      <input
        id="review-model-search"
        name="q"
        type="search"
        defaultValue={state.q}
        placeholder="Find a model, for example Polo Vivo"
        autoComplete="off"
        maxLength={100}
        className="input sm:flex-1"
      />
      {state.bodyType ? <input type="hidden" name="carrosserie" value={state.bodyType} /> : null}
      {state.brandSlug ? <input type="hidden" name="marque" value={state.brandSlug} /> : null}
      <button type="submit" className="btn-primary shrink-0">
        <Search className="size-4" strokeWidth={1.75} aria-hidden="true" />
        Find reviews
      </button>
    </Form>
  );
}

export function ModelSearchResults({ q, results, state }: { q: string; results: ModelSearchResult[]; state: HubState }) {
  return (
    <section aria-labelledby="search-heading" className="mb-12">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="search-heading" className="text-xl font-bold">
          Models matching “{q}”
        </h2>
        <Link to={hubUrl({ ...state, q: undefined })} className="link text-sm">
          Clear the search
        </Link>
      </div>
      {results.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">No model matches “{q}”. Try the brand and model name, for example “Toyota Hilux”.</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {results.map((m) => (
            <li key={m.id} className="card flex flex-col gap-2 p-4">
              <p className="font-bold">{m.label}</p>
              {m.reviewCount > 0 && m.overall !== null ? (
                <>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    <span className="tabular font-bold text-slate-900 dark:text-white">{formatScore(m.overall)}</span>/{SCORE_MAX} from {reviewCountLabel(m.reviewCount)}
                  </p>
                  <span className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    <Link to={`${m.path}#owner-reviews`} className="link">
                      Read the reviews<span className="sr-only"> of the {m.label}</span>
                    </Link>
                    <Link to={writeReviewUrl(m.id)} rel="nofollow" className="link">
                      Write one<span className="sr-only">: review the {m.label}</span>
                    </Link>
                  </span>
                </>
              ) : (
                <>
                  <p className="text-sm text-slate-600 dark:text-slate-400">No owner review yet.</p>
                  <Link to={writeReviewUrl(m.id)} rel="nofollow" className="link mt-auto inline-flex items-center gap-1.5 text-sm">
                    <PenLine className="size-4" strokeWidth={1.75} aria-hidden="true" />
                    Write the first review<span className="sr-only"> of the {m.label}</span>
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function BodyTypeLinks({ bodyTypes, state }: { bodyTypes: BodyType[]; state: HubState }) {
  const item = (active: boolean) =>
    `inline-flex min-h-10 items-center rounded-full px-3.5 text-sm font-semibold whitespace-nowrap ${active ? "bg-primary-600 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"}`;
  return (
    <nav aria-label="Best-rated models by body type" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 pb-1 sm:flex-wrap">
        <li>
          <Link to={hubUrl({ ...state, bodyType: undefined, page: 1 }, "best-rated")} preventScrollReset aria-current={state.bodyType ? undefined : "page"} className={item(!state.bodyType)}>
            All body types
          </Link>
        </li>
        {bodyTypes.map((b) => (
          <li key={b}>
            <Link to={hubUrl({ ...state, bodyType: b, page: 1 }, "best-rated")} preventScrollReset aria-current={state.bodyType === b ? "page" : undefined} className={item(state.bodyType === b)}>
              {bodyTypeLabels[b]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The best-rated models, ranked (their parts are `rated-model-*` utilities in app.css). */
export function BestRatedList({ models }: { models: RatedModel[] }) {
  return (
    <CarDrawingSet id="best-rated-car" bodyTypes={models.map((m) => m.bodyType)}>
      <ol className="mt-4 grid gap-3 md:grid-cols-2">
        {models.map((m, index) => (
          <li key={m.id}>
            <Link to={modelReviewsUrl(m.brandSlug, m)} className="rated-model">
              <span className="rated-model-rank" aria-hidden="true">
                {index + 1}
              </span>
              <span className="hidden h-12 w-20 shrink-0 sm:block">
                <CarIllustration bodyType={m.bodyType} colour={m.colour} className="h-full w-full" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-bold">
                  <span className="sr-only">{`Number ${index + 1}: `}</span>
                  {m.brandName} {m.name}
                </span>
                <span className="rated-model-facts">
                  <span>{reviewCountLabel(m.reviewCount)}</span>
                  <span className="inline-flex items-center gap-1">
                    <Icon name="thumbs-up" className="size-3.5" />
                    {m.recommendPercent}% recommend
                  </span>
                </span>
              </span>
              <span className="rated-model-score">
                {formatScore(m.overall)}
                <span>/{SCORE_MAX}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </CarDrawingSet>
  );
}

export function BrandFilter({ brands, state }: { brands: ReviewedBrand[]; state: HubState }) {
  return (
    <Form method="get" action={hubUrl({})} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      {/* Before the select, so the address keeps the hub's order of parameters (hubUrl). */}
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.bodyType ? <input type="hidden" name="carrosserie" value={state.bodyType} /> : null}
      <div className="space-y-1.5">
        <label htmlFor="review-brand" className="block text-sm font-semibold">
          Reviews of one brand
        </label>
        <select id="review-brand" name="marque" defaultValue={state.brandSlug ?? ""} className="input sm:w-64">
          <option value="">Every brand</option>
          {brands.map((b) => (
            <option key={b.slug} value={b.slug}>
              {`${b.name} (${b.reviewCount})`}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Show
      </button>
    </Form>
  );
}
