import { Link } from "react-router";
import { GUIDE_CRUMB } from "~/features/catalogue/components/guide-page";
import { DeleteReviewForm, ReviewForm } from "~/features/reviews/components/review-form";
import { ReviewLoginGate } from "~/features/reviews/components/review-login-gate";
import { writeReviewAction } from "~/features/reviews/review-actions.server";
import { loadWriteReviewPage } from "~/features/reviews/review-pages.server";
import { OWNER_REVIEWS_PATH, writeReviewUrl } from "~/features/reviews/urls";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { CarIllustration } from "~/ui/car-illustration";
import type { Route } from "./+types/write";

// /guide-auto/avis-des-automobilistes/ecrire/{modelId}: write, change or delete one's review of a
// model. Signed-in owners only: a visitor gets the login popup (scripts) or the login page (none),
// and comes back here. The POST saves (one review per user and model: again replaces it) and goes
// to the review on the model page.

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadWriteReviewPage(request, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return writeReviewAction(request, context, params);
}

export const handle = {
  noscriptRedirect: (data: { loginPath?: string } | undefined) => data?.loginPath,
};

export default function WriteReviewRoute({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const label = `${page.model.brandName} ${page.model.name}`;
  if (!page.signedIn) {
    return (
      <ReviewLoginGate
        title={`Review the ${label}`}
        lead="Sign in or create a free account to tell other South African drivers what your car is really like. One review per car, and you can change it whenever you like."
        action="Sign in to write your review"
        returnPath={writeReviewUrl(page.model.id)}
        loginPath={page.loginPath}
        registerPath={page.registerPath}
      />
    );
  }
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[GUIDE_CRUMB, { label: "Owner reviews", to: OWNER_REVIEWS_PATH }, { label: label, to: page.model.reviewsPath }, { label: page.editing ? "Edit your review" : "Write a review" }]}
        currentPath={writeReviewUrl(page.model.id)}
      />
      <div className="mt-4 grid items-center gap-4 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-6">
        <div className="hidden aspect-[16/9] rounded-[var(--radius-card)] bg-gradient-to-b from-slate-50 to-slate-200 px-3 pt-3 sm:block dark:from-slate-800 dark:to-slate-900">
          <CarIllustration bodyType={page.model.bodyType} colour={page.model.colour} className="h-full w-full" />
        </div>
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{page.editing ? `Edit your review of the ${label}` : `Review the ${label}`}</h1>
          <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-400">
            {page.editing ? "Change what you wrote: your new review replaces the old one. " : "Tell other drivers what it is like to own one. "}
            <Link to={page.model.path} className="link">
              About the {label}
            </Link>
          </p>
        </div>
      </div>
      {page.hidden ? (
        <p role="note" className="mt-5 rounded-[var(--radius-control)] bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          Your review is hidden while our team looks at reports from readers. You can still change it.
        </p>
      ) : null}
      <div className="mt-6 max-w-4xl">
        <ReviewForm
          key={page.editing ? "edit" : "new"}
          modelLabel={label}
          versions={page.versions}
          context={page.context}
          years={page.years}
          values={failure?.values ?? page.values}
          editing={page.editing}
          serverErrors={failure?.fieldErrors}
          formError={failure?.formError}
        />
        {page.editing ? <DeleteReviewForm modelLabel={label} reviewsPath={page.model.reviewsPath} /> : null}
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const model = args.loaderData?.model;
  const label = model ? `${model.brandName} ${model.name}` : "a car";
  return routeMeta(args, { title: `Review the ${label}`, description: `Write an owner review of the ${label} for South African drivers.`, noindex: true });
}
