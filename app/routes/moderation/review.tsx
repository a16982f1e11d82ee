import { Link } from "react-router";
import { AccountFacts, History, ModerationActions, ReportList, Section } from "~/features/moderation/components/moderation-parts";
import { type ModerationAnswer, reviewItemAction, reviewItemLoader } from "~/features/moderation/item-actions.server";
import { MODERATION_PATH, moderationReviewPath } from "~/features/moderation/urls";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { Route } from "./+types/review";

// /moderation/avis/{id}: one reported owner review, its reports, author, history and actions.

export async function loader({ request, params }: Route.LoaderArgs) {
  return reviewItemLoader(request, params);
}

export async function action({ request, params }: Route.ActionArgs) {
  return reviewItemAction(request, params);
}

export function meta(args: Route.MetaArgs) {
  const item = args.loaderData;
  return routeMeta(args, { title: item ? `Moderation: ${item.review.title}` : "Moderation", description: "A reported owner review.", canonicalPath: item ? moderationReviewPath(item.id) : MODERATION_PATH, noindex: true });
}

export default function ModerationReview({ loaderData: item, actionData }: Route.ComponentProps) {
  const { review } = item;
  const intents = item.author.bannedAt ? (["restore", "remove"] as const) : (["restore", "remove", "ban"] as const);
  return (
    <div className="container-page max-w-5xl py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Moderation", to: MODERATION_PATH }, { label: review.title }]} currentPath={moderationReviewPath(item.id)} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{review.title}</h1>
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase dark:bg-amber-900/60 dark:text-amber-100" data-testid="moderation-status">
          {item.hidden ? "Hidden" : "Shown"}
        </span>
      </div>
      <div className="mt-6 space-y-4">
        <Section id="review-heading" title="The review as a reader sees it">
          <div className="space-y-2 text-sm">
            <p>
              Owner review of the{" "}
              <Link to={item.model.publicPath} className="link">
                {item.model.name}
              </Link>
              , {review.overall}/5, {review.recommends ? "recommends it" : "does not recommend it"}; bought {review.yearBought}, {review.kilometres.toLocaleString("en-ZA")} km; written{" "}
              {formatSouthAfricanDate(review.createdAt)}.
            </p>
            <p className="font-semibold">Likes</p>
            <p className="whitespace-pre-line break-words">{review.likes}</p>
            <p className="font-semibold">Dislikes</p>
            <p className="whitespace-pre-line break-words">{review.dislikes}</p>
          </div>
        </Section>
        <div className="grid gap-4 lg:grid-cols-2">
          <Section id="reports-heading" title={`Reports (${item.reports.length})`}>
            <ReportList reports={item.reports} />
          </Section>
          <Section id="author-heading" title={`Author (${item.authorReviews} ${item.authorReviews === 1 ? "review" : "reviews"})`}>
            <AccountFacts account={item.author} />
          </Section>
        </div>
        <Section id="actions-heading" title="Actions">
          <ModerationActions intents={[...intents]} answer={actionData as ModerationAnswer | undefined} />
        </Section>
        <Section id="history-heading" title="History">
          <History entries={item.history} />
        </Section>
      </div>
    </div>
  );
}
