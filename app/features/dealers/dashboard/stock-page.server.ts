import { data, redirect } from "react-router";
import { requireDealerMember } from "~/features/dealer-accounts/membership.server";
import { dealerDashboardUrl } from "~/features/dealer-accounts/urls";
import { applyAdsAction } from "~/features/marketplace/my-ads/my-ads.server";
import { editAdPath, timeLine } from "~/features/marketplace/my-ads/my-ads-rules";
import { photoUrl } from "~/features/marketplace/photos";
import { priceRatingFromCode, priceRatingLabels } from "~/features/marketplace/pricing/price-rating";
import { adUrl, SELL_PATH } from "~/features/marketplace/urls";
import { adStatusLabels } from "~/features/marketplace/vocabulary";
import { parseNumericId } from "~/lib/errors";
import { assertSameOrigin, readForm } from "~/lib/security.server";
import { dashboardWriteLimit } from "./dashboard-limits.server";
import {
  BULK_MAX_ADS,
  bulkNotice,
  compareWeeks,
  daysOnMarket,
  daysOnMarketText,
  isBulkIntent,
  parseStockQuery,
  shortDay,
  STOCK_PAGE_SIZE,
  stockSearch,
  type StockQuery,
  type WeekComparison,
} from "./dashboard-rules";
import { stockCounts, stockPage, thirtyDays, type StockAd, type StockCounts } from "./stock.server";

// The dashboard's stock page (/mon-compte/concession/{dealerId}): the loader's view of the
// dealer's ads and its 30 days, and the bulk action's POST (mark sold, pause, put back, renew).

export interface StockRow {
  id: number;
  title: string;
  status: StockAd["status"];
  statusLabel: string;
  stockNumber: string | null;
  /** The ad page, for ads buyers can open (for sale or sold). */
  path: string | null;
  /** The posting wizard's edit address; none for a sold ad. */
  editPath: string | null;
  priceZar: number;
  rating: { label: string; high: boolean } | null;
  daysOnMarket: string | null;
  timeLine: string | null;
  viewCount: number;
  contactCount: number;
  phoneRevealCount: number;
  favouriteCount: number;
  photoCount: number;
  cover: { src: string; width: number; height: number } | null;
  bodyType: StockAd["bodyType"];
  colour: string;
}

export interface PictureDay {
  day: string;
  label: string;
  views: number;
  contacts: number;
  leads: number;
}

export interface StockView {
  dealerId: number;
  query: StockQuery;
  counts: StockCounts;
  rows: StockRow[];
  pageCount: number;
  notice: string | null;
  sellPath: string;
  feedPath: string;
  picture: { days: PictureDay[]; weeks: { views: WeekComparison; contacts: WeekComparison; leads: WeekComparison } };
}

export function stockRow(ad: StockAd, now: Date): StockRow {
  const rating = priceRatingFromCode(ad.priceRating);
  return {
    id: ad.id,
    title: ad.title,
    status: ad.status,
    statusLabel: adStatusLabels[ad.status],
    stockNumber: ad.stockNumber,
    path: ad.status === "published" || ad.status === "sold" ? adUrl(ad) : null,
    editPath: ad.status === "sold" ? null : editAdPath(ad.id),
    priceZar: ad.priceZar,
    rating: rating && ad.status === "published" ? { label: priceRatingLabels[rating], high: rating === "high" } : null,
    daysOnMarket: daysOnMarketText(daysOnMarket(ad, now)),
    timeLine: timeLine(ad, now),
    viewCount: ad.viewCount,
    contactCount: ad.contactCount,
    phoneRevealCount: ad.phoneRevealCount,
    favouriteCount: ad.favouriteCount,
    photoCount: ad.photoCount,
    cover: ad.cover ? { src: photoUrl(ad.cover.storageKey, 320), width: ad.cover.width, height: ad.cover.height } : null,
    bodyType: ad.bodyType,
    colour: ad.colour,
  };
}

export async function stockLoader(request: Request, params: { dealerId?: string }, now: Date = new Date()): Promise<StockView> {
  const url = new URL(request.url);
  const dealerId = parseNumericId(params.dealerId, url.pathname);
  await requireDealerMember(request, dealerId, "stock");
  const query = parseStockQuery(url.searchParams);
  const counts = await stockCounts(dealerId);
  const pageCount = Math.max(1, Math.ceil(counts[query.filter] / STOCK_PAGE_SIZE));
  // Past the last page (a bulk action emptied it): the last page, with the notice kept.
  if (query.page > pageCount) {
    const kept = new URLSearchParams(url.searchParams);
    if (pageCount > 1) kept.set("page", String(pageCount));
    else kept.delete("page");
    throw redirect(`${url.pathname}${kept.size ? `?${kept}` : ""}`);
  }
  const [ads, days] = await Promise.all([stockPage(dealerId, query), thirtyDays(dealerId, now)]);
  return {
    dealerId,
    query,
    counts,
    rows: ads.map((ad) => stockRow(ad, now)),
    pageCount,
    notice: bulkNotice(url.searchParams),
    sellPath: `${SELL_PATH}?pour=${dealerId}`,
    feedPath: dealerDashboardUrl(dealerId, "import"),
    picture: {
      days: days.map((d) => ({ ...d, label: shortDay(d.day) })),
      weeks: {
        views: compareWeeks(days.map((d) => d.views)),
        contacts: compareWeeks(days.map((d) => d.contacts)),
        leads: compareWeeks(days.map((d) => d.leads)),
      },
    },
  };
}

export type StockActionAnswer = { ok: false; message: string };

/**
 * The bulk form: `intent` and one `adId` per ticked ad, `back` the list's query to return to.
 * Every ad must be this dealer's (checked in the write's transaction); a success is a 303 back to
 * the list with the notice in its query, so a reload does not send the form again.
 */
export async function stockAction(request: Request, params: { dealerId?: string }): Promise<ReturnType<typeof data<StockActionAnswer>>> {
  assertSameOrigin(request);
  const url = new URL(request.url);
  const dealerId = parseNumericId(params.dealerId, url.pathname);
  const { user } = await requireDealerMember(request, dealerId, "stock");
  const fail = (status: number, message: string, headers?: HeadersInit) => data<StockActionAnswer>({ ok: false, message }, { status, headers });
  const limit = await dashboardWriteLimit(user.id, dealerId);
  if (!limit.ok) return fail(429, limit.message, { "Retry-After": String(limit.retryAfterSeconds) });
  const form = await readForm(request, 16 * 1024);
  const intent = form.get("intent");
  if (!isBulkIntent(intent)) return fail(400, "Choose what to do with the ads you ticked.");
  const raw = form.getAll("adId").map(String);
  if (raw.length === 0) return fail(400, "Tick at least one ad first.");
  if (raw.length > BULK_MAX_ADS) return fail(400, `Tick at most ${BULK_MAX_ADS} ads at a time.`);
  if (!raw.every((id) => /^\d{1,9}$/.test(id) && Number(id) > 0)) return fail(400, "One of the ticked ads is not one of yours.");
  const result = await applyAdsAction({ dealerId }, raw.map(Number), intent);
  if (!result.ok) return fail(result.reason === "not-found" ? 404 : 409, result.message);
  const back = parseStockQuery(new URLSearchParams(String(form.get("back") ?? "")));
  const notice = new URLSearchParams(stockSearch(back));
  notice.set("done", intent);
  notice.set("count", String(result.done.length));
  if (result.skipped.length) notice.set("skipped", String(result.skipped.length));
  throw redirect(`${dealerDashboardUrl(dealerId)}?${notice}`, 303);
}
