import { Link } from "react-router";
import { AccountFacts, History, ModerationActions, ReportList, Section, SignalList } from "~/features/moderation/components/moderation-parts";
import { adItemAction, adItemLoader, type ModerationAnswer } from "~/features/moderation/item-actions.server";
import { MODERATION_PATH, moderationAdPath } from "~/features/moderation/urls";
import { photoUrl } from "~/features/marketplace/photos";
import { cityName, provinceName } from "~/lib/places";
import { formatPrice } from "~/lib/format";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { Route } from "./+types/ad";

// /moderation/annonces/{id}: one reported ad, as a buyer would see it, with its reports, seller,
// signals, history and the moderator's actions (feature: app/features/moderation).

export async function loader({ request, params }: Route.LoaderArgs) {
  return adItemLoader(request, params);
}

export async function action({ request, params }: Route.ActionArgs) {
  return adItemAction(request, params);
}

export function meta(args: Route.MetaArgs) {
  const item = args.loaderData;
  return routeMeta(args, { title: item ? `Moderation: ${item.page.ad.title}` : "Moderation", description: "A reported ad.", canonicalPath: item ? moderationAdPath(item.id) : MODERATION_PATH, noindex: true });
}

export default function ModerationAd({ loaderData: item, actionData }: Route.ComponentProps) {
  const { ad, photos } = item.page;
  const cover = photos[0];
  const intents = item.seller.kind === "private" && !item.seller.account?.bannedAt ? (["restore", "remove", "ban"] as const) : (["restore", "remove"] as const);
  return (
    <div className="container-page max-w-5xl py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Moderation", to: MODERATION_PATH }, { label: ad.title }]} currentPath={moderationAdPath(item.id)} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{ad.title}</h1>
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase dark:bg-amber-900/60 dark:text-amber-100" data-testid="moderation-status">
          {item.statusLabel}
        </span>
      </div>
      <div className="mt-6 space-y-4">
        <div className="grid gap-4 lg:grid-cols-2">
          <Section id="signals-heading" title="Warning signs">
            <SignalList signals={item.signals} />
          </Section>
          <Section id="reports-heading" title={`Reports (${item.reports.length})`}>
            <ReportList reports={item.reports} />
          </Section>
        </div>
        <Section id="ad-heading" title="The ad as a buyer sees it">
          <div className="grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)]">
            {cover ? (
              <img src={photoUrl(cover.storageKey, 640)} width={cover.width} height={cover.height} alt={cover.alt || ad.title} className="aspect-[4/3] w-full rounded-[var(--radius-control)] object-cover" />
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">No photos.</p>
            )}
            <div className="min-w-0 space-y-2 text-sm">
              <p className="tabular text-xl font-extrabold">{formatPrice(ad.priceZar, { withCurrency: true })}</p>
              <p>
                {ad.year} · {ad.mileageKm.toLocaleString("en-ZA")} km · {cityName(ad.city)}, {provinceName(ad.province)} · {photos.length} {photos.length === 1 ? "photo" : "photos"}
              </p>
              <p className="whitespace-pre-line break-words">{ad.description || "No description."}</p>
              <p>
                <Link to={item.publicPath} className="link">
                  Open the public page
                </Link>
              </p>
            </div>
          </div>
        </Section>
        <div className="grid gap-4 lg:grid-cols-2">
          <Section id="seller-heading" title="Seller">
            {item.seller.kind === "dealer" ? <p className="text-sm">Dealer: {item.seller.name}</p> : item.seller.account ? <AccountFacts account={item.seller.account} /> : <p className="text-sm">Unknown seller.</p>}
          </Section>
          <Section id="other-ads-heading" title={`The seller's other ads (${item.otherAds.length})`}>
            {item.otherAds.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">None.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {item.otherAds.map((other) => (
                  <li key={other.id}>
                    <Link to={other.path} className="link">
                      {other.title}
                    </Link>{" "}
                    · {other.statusLabel} · {formatPrice(other.priceZar, { withCurrency: true })}
                  </li>
                ))}
              </ul>
            )}
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
