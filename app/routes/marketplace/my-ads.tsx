import { CarFront, CircleAlert, Plus } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { DeleteAdConfirmStep } from "~/features/marketplace/my-ads/components/delete-ad-confirm-step";
import { MyAdRow } from "~/features/marketplace/my-ads/components/my-ad-row";
import { type MyAdsAnswer, myAdsAction, myAdsLoader } from "~/features/marketplace/my-ads/my-ads-actions.server";
import { MY_ADS_PATH } from "~/features/marketplace/my-ads/my-ads-rules";
import { SELL_PATH } from "~/features/marketplace/urls";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { FormSuccess } from "~/ui/form";
import { notify } from "~/ui/toasts";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/my-ads";

// /mon-compte/annonces: the signed-in seller's ads (feature: my-ads*.ts).

const DeleteAdDialog = lazy(() => import("~/features/marketplace/my-ads/components/delete-ad-dialog"));

export async function loader({ request }: Route.LoaderArgs) {
  return myAdsLoader(request);
}

export async function action({ request }: Route.ActionArgs) {
  return myAdsAction(request);
}

function isAnswer(value: unknown): value is MyAdsAnswer {
  return Boolean(value && typeof value === "object" && "ok" in value && "message" in value);
}

export default function MyAdsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { ads, liveLine, liveFull, notice, confirmDelete } = loaderData;
  const hydrated = useHydrated();
  const fetcher = useFetcher<MyAdsAnswer>({ key: "my-ads" });
  const [deleting, setDeleting] = useState<{ ad: { id: number; title: string }; open: boolean } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // With scripts each answer is a toast; a failure also stays on the page until the next action.
  const answer = isAnswer(fetcher.data) ? fetcher.data : isAnswer(actionData) ? actionData : undefined;
  useEffect(() => {
    if (!fetcher.data || !isAnswer(fetcher.data)) return;
    notify(fetcher.data.message, { kind: fetcher.data.ok ? "success" : "error" });
    // A deleted ad's row is gone: keyboard focus starts again from the heading.
    if (fetcher.data.ok && fetcher.data.intent === "delete") headingRef.current?.focus();
  }, [fetcher.data]);

  return (
    <div className="container-page max-w-4xl py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "My account", to: "/mon-compte" }, { label: "My ads" }]} currentPath={MY_ADS_PATH} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-extrabold tracking-tight focus:outline-none">
            My ads
          </h1>
          <p className={`mt-1 text-sm font-semibold ${liveFull ? "text-amber-800 dark:text-amber-300" : "text-slate-600 dark:text-slate-400"}`} data-testid="live-ads-line">
            {liveLine}
            {liveFull ? ": mark one as sold or delete one to publish another." : " (for sale or paused)"}
          </p>
        </div>
        {ads.length > 0 ? (
          <Link to={SELL_PATH} className="btn-primary">
            <Plus aria-hidden="true" className="size-4" strokeWidth={2} />
            Sell another car
          </Link>
        ) : null}
      </div>

      {notice && !answer ? <FormSuccess className="mt-6">{notice}</FormSuccess> : null}
      {answer && !answer.ok ? (
        <div role="alert" className="mt-6 flex items-start gap-2 rounded-[var(--radius-control)] border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
          <p>{answer.message}</p>
        </div>
      ) : null}
      {confirmDelete ? <DeleteAdConfirmStep ad={confirmDelete} /> : null}

      {ads.length === 0 ? (
        <div className="card mt-6 flex flex-col items-start gap-3 p-6" data-testid="my-ads-empty">
          <CarFront aria-hidden="true" className="size-8 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
          <p className="text-lg font-semibold">You have no ads yet</p>
          <p className="text-slate-700 dark:text-slate-300">Sell your car here: a few short steps, your photos, and buyers reach you by email or phone.</p>
          <Link to={SELL_PATH} className="btn-primary">
            Sell my car
          </Link>
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" aria-label="Your ads">
          {ads.map((ad) => (
            <MyAdRow key={ad.id} ad={ad} fetcher={fetcher} scripted={hydrated} onDelete={(row) => setDeleting({ ad: { id: row.id, title: row.title }, open: true })} />
          ))}
        </ul>
      )}

      {deleting ? (
        <Suspense fallback={null}>
          <DeleteAdDialog ad={deleting.ad} open={deleting.open} onOpenChange={(open) => setDeleting({ ...deleting, open })} fetcher={fetcher} />
        </Suspense>
      ) : null}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "My ads", description: "Your car ads on Voitura: figures, renewals and sales.", noindex: true });
}
