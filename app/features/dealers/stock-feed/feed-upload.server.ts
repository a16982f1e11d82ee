import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { formatFromPath } from "~/lib/import-file";
import { enqueueJob } from "~/lib/job-queue.server";
import { MultipartError, readMultipart } from "~/lib/multipart.server";
import { rateLimit } from "~/lib/security.server";
import { storage } from "~/lib/storage.server";
import { dealerStockImports } from "../../../../db/schema";
import { DealerNotFound, type FeedReport, importStockFeed } from "./feed-import.server";
import { createStockImport, finishStockImport, logImportFault, recordProgress } from "./stock-imports.server";

// The dashboard's side of a stock feed: "Check" reads the uploaded feed and ZIP, keeps them in the
// file store under a random key and answers with the dry run; "Import" queues the checked files as
// a background job (STOCK_IMPORT_JOB), which writes its progress into dealer_stock_imports.
// Everything is keyed by the dealer of the URL: a checked import of another dealer is not found.

export const STOCK_IMPORT_JOB = "dealer-stock-import";

export const FEED_UPLOAD_LIMITS = { feedBytes: 10 * 1024 * 1024, zipBytes: 200 * 1024 * 1024 } as const;
/** Checks and imports per dealer member per hour (each reads a whole feed and ZIP). */
const RUNS_PER_HOUR = 30;

export type FeedCheckAnswer =
  | { ok: false; status: 400 | 404 | 409 | 413 | 429; formError: string }
  | { ok: true; checked: { importId: number; fileName: string; report: FeedReport; markMissingSold: boolean } }
  | { ok: true; queued: number };

const refuse = (status: 400 | 404 | 409 | 413 | 429, formError: string): FeedCheckAnswer => ({ ok: false, status, formError });

interface CheckedFiles {
  feedKey: string;
  zipKey?: string;
  format: "csv" | "json";
  markMissingSold: boolean;
}

/** POST of the Stock feed page: intent check (multipart: feed, photos, markMissingSold) or import (importId, importGoodRows). */
export async function stockFeedAction(request: Request, dealerId: number, userId: string): Promise<FeedCheckAnswer> {
  const limited = await rateLimit(`stock-feed:${userId}`, { limit: RUNS_PER_HOUR, windowMs: 60 * 60_000 });
  if (!limited.ok) return refuse(429, "You have sent many feeds in the last hour: please wait a while before sending another.");
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) {
    const form = await request.formData().catch(() => undefined);
    if (form?.get("intent") !== "import") return refuse(400, "The form could not be read.");
    return queueImport(dealerId, Number(form.get("importId")), form.get("importGoodRows") === "yes");
  }
  return checkUpload(request, dealerId, userId);
}

async function checkUpload(request: Request, dealerId: number, userId: string): Promise<FeedCheckAnswer> {
  let feed: { name: string; bytes: Buffer } | undefined;
  let zip: Buffer | undefined;
  let markMissingSold = false;
  try {
    const parts = readMultipart(request, { maxFileBytes: FEED_UPLOAD_LIMITS.zipBytes, maxFiles: 2, maxTotalBytes: FEED_UPLOAD_LIMITS.zipBytes + FEED_UPLOAD_LIMITS.feedBytes + 64 * 1024, maxFields: 5 });
    for await (const part of parts) {
      if (part.kind === "field") {
        if (part.name === "markMissingSold") markMissingSold = part.value === "yes";
        continue;
      }
      if (part.name === "feed" && part.filename) {
        if (part.tooLarge || part.bytes.length > FEED_UPLOAD_LIMITS.feedBytes) return refuse(413, "The feed file must be 10 MB or smaller: send a larger feed through the operator's command.");
        feed = { name: part.filename, bytes: part.bytes };
      } else if (part.name === "photos" && part.filename) {
        if (part.tooLarge) return refuse(413, "The photos' ZIP must be 200 MB or smaller: split the feed, or ask the operator to run it.");
        zip = part.bytes;
      }
    }
  } catch (error) {
    if (error instanceof MultipartError) return refuse(error.status, error.status === 413 ? "The files are too large: the feed must be 10 MB or smaller, the ZIP 200 MB." : error.message);
    throw error;
  }
  if (!feed) return refuse(400, "Please choose the feed file (.csv or .json).");
  const format = formatFromPath(feed.name);
  if (!format) return refuse(400, "The feed's file name must end in .csv or .json.");
  const text = feed.bytes.toString("utf8");
  if (text.includes("\u0000")) return refuse(400, "The feed must be a text file (CSV or JSON), not a spreadsheet or an archive.");

  await forgetEarlierChecks(dealerId);
  const report = await importStockFeed({ dealerId, text, format, zip, dryRun: true, markMissingSold });
  const importId = await createStockImport({ dealerId, userId, fileName: feed.name, dryRun: true, rowsTotal: report.rowsTotal });
  // The files wait in the store under a key nobody can guess, for the Import that follows.
  const base = `stock-feeds/${importId}-${crypto.randomBytes(16).toString("hex")}`;
  const files: CheckedFiles = { feedKey: `${base}.${format}`, format, markMissingSold };
  if (report.fileIssues.length === 0 && report.rowsTotal > report.errors.length) {
    await storage().put(files.feedKey, feed.bytes, "application/octet-stream");
    if (zip) {
      files.zipKey = `${base}.zip`;
      await storage().put(files.zipKey, zip, "application/octet-stream");
    }
  }
  await db()
    .update(dealerStockImports)
    .set({ status: "done", rowsTotal: report.rowsTotal, summary: { files }, finishedAt: new Date() })
    .where(eq(dealerStockImports.id, importId));
  return { ok: true, checked: { importId, fileName: feed.name, report, markMissingSold } };
}

/** The files of the dealer's earlier checks never imported: a new check replaces them. */
async function forgetEarlierChecks(dealerId: number): Promise<void> {
  const rows = await db()
    .select({ id: dealerStockImports.id, summary: dealerStockImports.summary })
    .from(dealerStockImports)
    .where(and(eq(dealerStockImports.dealerId, dealerId), eq(dealerStockImports.dryRun, true), sql`${dealerStockImports.summary} ? 'files'`));
  for (const row of rows) {
    const files = row.summary.files as CheckedFiles;
    await storage().delete(files.feedKey).catch(() => {});
    if (files.zipKey) await storage().delete(files.zipKey).catch(() => {});
    await db().update(dealerStockImports).set({ summary: {} }).where(and(eq(dealerStockImports.id, row.id), eq(dealerStockImports.dryRun, true)));
  }
}

async function queueImport(dealerId: number, importId: number, importGoodRows: boolean): Promise<FeedCheckAnswer> {
  if (!Number.isSafeInteger(importId) || importId <= 0 || importId > 2_147_483_647) return refuse(404, "This check was not found: please send the feed again.");
  // Once: a second click finds the row taken.
  const [row] = await db()
    .update(dealerStockImports)
    .set({ dryRun: false, status: "queued", createdAt: new Date(), finishedAt: null })
    .where(and(eq(dealerStockImports.id, importId), eq(dealerStockImports.dealerId, dealerId), eq(dealerStockImports.dryRun, true), eq(dealerStockImports.status, "done")))
    .returning({ id: dealerStockImports.id, summary: dealerStockImports.summary });
  const files = row?.summary.files as CheckedFiles | undefined;
  if (!row || !files) return refuse(404, "This check was not found or was already imported: please send the feed again.");
  await enqueueJob(db(), { name: STOCK_IMPORT_JOB, payload: { importId, importGoodRows }, maxAttempts: 1 });
  return { ok: true, queued: importId };
}

/** Whether the dealer has an import queued or running (the page then shows its progress). */
export async function hasRunningImport(dealerId: number): Promise<boolean> {
  const rows = await db()
    .select({ id: dealerStockImports.id })
    .from(dealerStockImports)
    .where(and(eq(dealerStockImports.dealerId, dealerId), eq(dealerStockImports.dryRun, false), inArray(dealerStockImports.status, ["queued", "running"])))
    .limit(1);
  return rows.length > 0;
}

/** The job: the checked files imported for real, progress recorded as it goes, the files deleted after. */
export async function runStockImportJob(payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const importId = Number(payload.importId);
  const [row] = await db().select().from(dealerStockImports).where(eq(dealerStockImports.id, importId));
  const files = row?.summary.files as CheckedFiles | undefined;
  if (!row || !files || row.status !== "queued") return { skipped: true };
  const store = storage();
  try {
    const feed = await store.read(files.feedKey);
    const zip = files.zipKey ? await store.read(files.zipKey) : undefined;
    if (!feed || (files.zipKey && !zip)) {
      await finishStockImport(importId, { failure: "the checked files were no longer kept: send the feed again" });
      return { importId, missingFiles: true };
    }
    let last = 0;
    const report = await importStockFeed({
      dealerId: row.dealerId,
      text: Buffer.from(feed).toString("utf8"),
      format: files.format,
      zip: zip ? Buffer.from(zip) : undefined,
      markMissingSold: files.markMissingSold,
      importGoodRows: payload.importGoodRows === true,
      userId: row.userId,
      onProgress: async (progress) => {
        if (Date.now() - last < 1000 && progress.done !== progress.total) return;
        last = Date.now();
        await recordProgress(importId, progress);
      },
    });
    await finishStockImport(importId, { report });
    return { importId, created: report.created.length, updated: report.updated.length, errors: report.errors.length };
  } catch (error) {
    logImportFault(importId, error);
    await finishStockImport(importId, { failure: error instanceof DealerNotFound ? "the dealer no longer exists" : "the import stopped on an error; nothing was changed" });
    return { importId, failed: true };
  } finally {
    await store.delete(files.feedKey).catch(() => {});
    if (files.zipKey) await store.delete(files.zipKey).catch(() => {});
  }
}
