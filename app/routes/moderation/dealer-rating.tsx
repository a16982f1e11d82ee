import { Link } from "react-router";
import { AccountFacts, History, ModerationActions, ReportList, Section } from "~/features/moderation/components/moderation-parts";
import { dealerRatingItemAction, dealerRatingItemLoader, type ModerationAnswer } from "~/features/moderation/item-actions.server";
import { MODERATION_PATH, moderationDealerRatingPath } from "~/features/moderation/urls";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { Route } from "./+types/dealer-rating";

// /moderation/notes-concessionnaires/{id}: one reported buyer's rating of a dealer, its reports,
// author, history and actions (restore, remove).

export async function loader({ request, params }: Route.LoaderArgs) {
  return dealerRatingItemLoader(request, params);
}

export async function action({ request, params }: Route.ActionArgs) {
  return dealerRatingItemAction(request, params);
}

export function meta(args: Route.MetaArgs) {
  const item = args.loaderData;
  return routeMeta(args, {
    title: item ? `Moderation: a rating of ${item.dealer.name}` : "Moderation",
    description: "A reported buyer's rating of a dealer.",
    canonicalPath: item ? moderationDealerRatingPath(item.id) : MODERATION_PATH,
    noindex: true,
  });
}

export default function ModerationDealerRating({ loaderData: item, actionData }: Route.ComponentProps) {
  const { rating } = item;
  const title = `A buyer's rating of ${item.dealer.name}`;
  return (
    <div className="container-page max-w-5xl py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Moderation", to: MODERATION_PATH }, { label: title }]} currentPath={moderationDealerRatingPath(item.id)} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{title}</h1>
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase dark:bg-amber-900/60 dark:text-amber-100" data-testid="moderation-status">
          {item.hidden ? "Hidden" : "Shown"}
        </span>
      </div>
      <div className="mt-6 space-y-4">
        <Section id="rating-heading" title="The rating as a reader sees it">
          <div className="space-y-2 text-sm">
            <p>
              Rating of{" "}
              <Link to={item.dealer.publicPath} className="link">
                {item.dealer.name}
              </Link>
              : response {rating.response}/5, honesty {rating.honesty}/5, car as described {rating.asDescribed}/5; written {formatSouthAfricanDate(rating.createdAt)}.
            </p>
            <p className="whitespace-pre-line break-words">{rating.text}</p>
            {rating.reply ? (
              <>
                <p className="font-semibold">The dealer's answer</p>
                <p className="whitespace-pre-line break-words">{rating.reply}</p>
              </>
            ) : null}
          </div>
        </Section>
        <div className="grid gap-4 lg:grid-cols-2">
          <Section id="reports-heading" title={`Reports (${item.reports.length})`}>
            <ReportList reports={item.reports} />
          </Section>
          <Section id="author-heading" title="Author">
            <AccountFacts account={item.author} />
          </Section>
        </div>
        <Section id="actions-heading" title="Actions">
          <ModerationActions intents={["restore", "remove"]} answer={actionData as ModerationAnswer | undefined} />
        </Section>
        <Section id="history-heading" title="History">
          <History entries={item.history} />
        </Section>
      </div>
    </div>
  );
}
