import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { requireDealerMember } from "~/features/dealer-accounts/membership.server";
import { dealerDashboardUrl } from "~/features/dealer-accounts/urls";
import { formatFeedIssue } from "~/features/dealers/stock-feed/feed-issues";
import { hasRunningImport, stockFeedAction } from "~/features/dealers/stock-feed/feed-upload.server";
import { recentStockImports, type StockImport } from "~/features/dealers/stock-feed/stock-imports.server";
import { parseNumericId } from "~/lib/errors";
import { routeMeta } from "~/lib/seo";
import { assertSameOrigin } from "~/lib/security.server";
import type { Route } from "./+types/stock-feed";

// /mon-compte/concession/{dealerId}/import: the dealer's stock feed (docs/dealer-feed.md). "Check"
// uploads the feed and its photos' ZIP and shows the dry run (errors by line and column, what would
// change); "Import" queues the checked files as a job, whose progress line this page refreshes
// (every two seconds with scripts, a Refresh link without). The last imports are listed below.

export async function loader({ request, params }: Route.LoaderArgs) {
  const dealerId = parseNumericId(params.dealerId, new URL(request.url).pathname);
  const { membership } = await requireDealerMember(request, dealerId, "stock");
  const [imports, running] = await Promise.all([recentStockImports(dealerId), hasRunningImport(dealerId)]);
  return { dealerId, dealerName: membership.dealerName, imports, running };
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const dealerId = parseNumericId(params.dealerId, new URL(request.url).pathname);
  const { user } = await requireDealerMember(request, dealerId, "stock");
  const answer = await stockFeedAction(request, dealerId, user.id);
  if (!answer.ok) return data(answer, { status: answer.status });
  // Queued: back to the page (a reload does not post twice), which shows the progress line.
  if ("queued" in answer) throw redirect(dealerDashboardUrl(dealerId, "import"), 303);
  return answer;
}

const number = (n: number | undefined) => (n ?? 0).toLocaleString("en-ZA");
const plural = (n: number, word: string) => `${number(n)} ${word}${n === 1 ? "" : "s"}`;

function ProgressLine({ item }: { item: StockImport }) {
  const s = item.summary;
  const text =
    item.status === "queued"
      ? "Waiting to start…"
      : s.phase === "photos"
        ? `Storing photos: ${number(s.photosDone)} of ${number(s.photosTotal)} (rows ${number(item.rowsDone)} of ${number(item.rowsTotal)})`
        : s.phase === "writing"
          ? `Writing ${plural(item.rowsTotal, "ad")}…`
          : `Checking ${plural(item.rowsTotal, "row")}…`;
  const share = item.rowsTotal > 0 ? Math.round((100 * item.rowsDone) / item.rowsTotal) : 0;
  return (
    <div className="card p-4" role="status">
      <p className="font-semibold">Importing {item.fileName}</p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
      <progress className="mt-2 h-2 w-full" max={100} value={share} aria-label="Import progress">
        {share}%
      </progress>
    </div>
  );
}

function ImportSummary({ item }: { item: StockImport }) {
  const s = item.summary;
  const when = new Date(item.createdAt).toLocaleString("en-ZA", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Johannesburg" });
  const parts =
    item.status === "done"
      ? [
          `${number(s.created)} created`,
          `${number(s.updated)} updated`,
          `${number(s.priceChanged)} price changes`,
          `${number(s.unchanged)} unchanged`,
          `${number(s.markedSold)} marked sold`,
          ...(s.skipped?.length ? [`${number(s.skipped.length)} skipped`] : []),
          ...(s.errorCount ? [`${plural(s.errorCount, "row")} with errors left out`] : []),
        ]
      : [];
  return (
    <li className="border-b border-slate-200 py-3 last:border-b-0 dark:border-slate-800">
      <p className="font-semibold">
        {item.fileName} <span className="font-normal text-slate-700 dark:text-slate-300">· {when}</span>
      </p>
      <p className="mt-1 text-sm">
        {item.status === "done"
          ? parts.join(", ")
          : item.status === "failed"
            ? `Not imported: ${s.failure ?? (s.fileIssues?.length ? s.fileIssues.join("; ") : `${plural(s.errorCount ?? 0, "row")} with errors`)}.`
            : item.status === "queued"
              ? "Waiting to start"
              : "Running"}
      </p>
    </li>
  );
}

export default function StockFeedPage({ loaderData, actionData }: Route.ComponentProps) {
  const { imports, running } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const checked = actionData && actionData.ok && "checked" in actionData ? actionData.checked : undefined;
  const formError = actionData && !actionData.ok ? actionData.formError : undefined;
  const report = checked?.report;
  const goodRows = report ? report.rowsTotal - new Set(report.errors.map((e) => e.line)).size : 0;
  const active = imports.filter((i) => i.status === "queued" || i.status === "running");

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="feed-title">
        <h1 id="feed-title" className="text-xl font-bold">
          Stock feed
        </h1>
        <p className="mt-1 max-w-prose text-sm text-slate-700 dark:text-slate-300">
          Send your stock as a CSV or JSON file, one row per car keyed by your stock number, with a ZIP of the photos the rows name. Every row needs stock_number, make,
          model, year, mileage_km, service_history, colour, price_zar, province, city and description; photos lists a car&apos;s photo file names separated by |. Check
          the feed first: nothing changes until you import it.
        </p>
      </section>

      {active.map((item) => (
        <div key={item.id}>
          <ProgressLine item={item} />
          <p className="mt-2 text-sm">
            <Link to={dealerDashboardUrl(loaderData.dealerId, "import")} className="link">
              Refresh
            </Link>{" "}
            to see the progress.
          </p>
        </div>
      ))}

      <Form method="post" encType="multipart/form-data" className="card flex flex-col gap-4 p-4">
        <div>
          <label htmlFor="feed-file" className="block font-semibold">
            Feed file (.csv or .json, up to 10 MB)
          </label>
          <input id="feed-file" name="feed" type="file" accept=".csv,.json,text/csv,application/json" required className="mt-1 block w-full text-sm" />
        </div>
        <div>
          <label htmlFor="feed-photos" className="block font-semibold">
            Photos (.zip, up to 200 MB, optional for cars already on Voitura)
          </label>
          <input id="feed-photos" name="photos" type="file" accept=".zip,application/zip" className="mt-1 block w-full text-sm" />
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="markMissingSold" value="yes" className="mt-1" />
          <span>Mark my ads that are not in this feed as sold</span>
        </label>
        {formError && (
          <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
            {formError}
          </p>
        )}
        <div>
          <button type="submit" name="intent" value="check" className="btn-primary" disabled={busy}>
            {busy ? "Checking…" : "Check the feed"}
          </button>
        </div>
      </Form>

      {checked && report && (
        <section aria-labelledby="check-title" className="card p-4">
          <h2 id="check-title" className="text-lg font-bold">
            Check of {checked.fileName}
          </h2>
          {report.fileIssues.length > 0 ? (
            <ul role="alert" className="mt-2 list-disc pl-5 text-sm text-red-700 dark:text-red-300">
              {report.fileIssues.map((issue) => (
                <li key={issue.message}>{issue.message}</li>
              ))}
            </ul>
          ) : (
            <>
              <p className="mt-1 text-sm">
                {plural(report.rowsTotal, "row")}: {number(report.created.length)} to create, {number(report.updated.length)} to update ({number(report.priceChanged.length)} price
                changes), {number(report.unchanged)} unchanged, {number(report.markedSold.length)} to mark sold
                {report.skipped.length ? `, ${number(report.skipped.length)} skipped` : ""}.
              </p>
              {report.errors.length > 0 && (
                <>
                  <h3 className="mt-3 font-semibold text-red-700 dark:text-red-300">{plural(report.errors.length, "error")}</h3>
                  <ul className="mt-1 list-disc pl-5 text-sm">
                    {report.errors.slice(0, 200).map((issue, i) => (
                      <li key={i}>{formatFeedIssue(issue, report.format)}</li>
                    ))}
                  </ul>
                </>
              )}
              {report.skipped.length > 0 && (
                <ul className="mt-2 list-disc pl-5 text-sm">
                  {report.skipped.slice(0, 200).map((skip) => (
                    <li key={skip.line}>{formatFeedIssue({ line: skip.line, message: skip.message }, report.format)}</li>
                  ))}
                </ul>
              )}
              {goodRows > 0 && (
                <Form method="post" className="mt-4">
                  <input type="hidden" name="importId" value={checked.importId} />
                  {report.errors.length > 0 && <input type="hidden" name="importGoodRows" value="yes" />}
                  <button type="submit" name="intent" value="import" className="btn-primary" disabled={busy}>
                    {report.errors.length > 0 ? `Import the ${plural(goodRows, "good row")}` : "Import"}
                  </button>
                </Form>
              )}
            </>
          )}
        </section>
      )}

      <section aria-labelledby="imports-title">
        <h2 id="imports-title" className="text-lg font-bold">
          Last imports
        </h2>
        {imports.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">No feed has been imported yet.</p>
        ) : (
          <ul className="mt-1">
            {imports.map((item) => (
              <ImportSummary key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const name = args.data?.dealerName ?? "Dealer";
  return routeMeta(args, { title: `${name}: stock feed`, description: "Import your stock from a feed file.", noindex: true });
}
