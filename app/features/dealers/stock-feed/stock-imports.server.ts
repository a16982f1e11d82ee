import { and, desc, eq, sql } from "drizzle-orm";
import { type Database, db as defaultDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { dealerStockImports } from "../../../../db/schema";
import type { FeedProgress, FeedReport } from "./feed-import.server";
import type { FeedIssue } from "./feed-rows";

// The record of each stock feed import (dealer_stock_imports), from the dashboard or the command
// line: its progress while it runs and its summary once done, for the dashboard's list. At most
// MAX_LISTED errors are kept; the counts are complete.

const MAX_LISTED = 200;

export interface StockImportSummary {
  phase?: FeedProgress["phase"];
  photosDone?: number;
  photosTotal?: number;
  created?: number;
  updated?: number;
  priceChanged?: number;
  unchanged?: number;
  markedSold?: number;
  photosStored?: number;
  photosReused?: number;
  written?: boolean;
  format?: "csv" | "json";
  errorCount?: number;
  errors?: FeedIssue[];
  skipped?: { line: number; message: string }[];
  fileIssues?: string[];
  /** Why a run stopped (a server fault), never shown with its details. */
  failure?: string;
}

export type StockImport = Omit<typeof dealerStockImports.$inferSelect, "summary"> & { summary: StockImportSummary };

export async function createStockImport(
  values: { dealerId: number; userId: string | null; fileName: string; dryRun: boolean; rowsTotal?: number; status?: "queued" | "running" },
  database: Database = defaultDb(),
): Promise<number> {
  const [row] = await database
    .insert(dealerStockImports)
    .values({ ...values, fileName: values.fileName.slice(0, 200), status: values.status ?? "running" })
    .returning({ id: dealerStockImports.id });
  return row!.id;
}

/** Progress as the import goes: rows_done follows the photos (the long part), then the write. */
export async function recordProgress(importId: number, progress: FeedProgress, database: Database = defaultDb()): Promise<void> {
  const rowsTotal = progress.rows;
  const rowsDone = progress.phase === "checking" ? 0 : progress.total === 0 ? (progress.phase === "writing" ? rowsTotal : 0) : Math.floor((rowsTotal * progress.done) / progress.total);
  const extra: StockImportSummary = progress.phase === "photos" ? { phase: progress.phase, photosDone: progress.done, photosTotal: progress.total } : { phase: progress.phase };
  await database
    .update(dealerStockImports)
    .set({ status: "running", rowsTotal, rowsDone: progress.phase === "writing" ? Math.min(rowsDone, rowsTotal) : rowsDone, summary: sql`${dealerStockImports.summary} || ${JSON.stringify(extra)}::jsonb` })
    .where(eq(dealerStockImports.id, importId));
}

export function summaryOf(report: FeedReport): StockImportSummary {
  return {
    created: report.created.length,
    updated: report.updated.length,
    priceChanged: report.priceChanged.length,
    unchanged: report.unchanged,
    markedSold: report.markedSold.length,
    photosStored: report.photos.stored,
    photosReused: report.photos.reused,
    written: report.written,
    format: report.format,
    errorCount: report.errors.length,
    errors: report.errors.slice(0, MAX_LISTED),
    skipped: report.skipped.slice(0, MAX_LISTED).map((s) => ({ line: s.line, message: s.message })),
    fileIssues: report.fileIssues.map((i) => i.message),
  };
}

/** The import's end: done (whatever it changed, nothing when it had errors) or failed (a fault). */
export async function finishStockImport(importId: number, outcome: { report: FeedReport } | { failure: string }, database: Database = defaultDb()): Promise<void> {
  const summary = "report" in outcome ? summaryOf(outcome.report) : { failure: outcome.failure };
  const failed = !("report" in outcome) || outcome.report.fileIssues.length > 0 || (!outcome.report.dryRun && !outcome.report.written && outcome.report.errors.length > 0);
  await database
    .update(dealerStockImports)
    .set({
      status: failed ? "failed" : "done",
      ...("report" in outcome ? { rowsTotal: outcome.report.rowsTotal, rowsDone: outcome.report.rowsTotal } : {}),
      summary: summary as Record<string, unknown>,
      finishedAt: new Date(),
    })
    .where(eq(dealerStockImports.id, importId));
}

/** The dealer's latest imports, newest first. */
export async function recentStockImports(dealerId: number, limit = 10, database: Database = defaultDb()): Promise<StockImport[]> {
  const rows = await database
    .select()
    .from(dealerStockImports)
    .where(and(eq(dealerStockImports.dealerId, dealerId), eq(dealerStockImports.dryRun, false)))
    .orderBy(desc(dealerStockImports.createdAt), desc(dealerStockImports.id))
    .limit(limit);
  return rows as StockImport[];
}

/** Logs a fault of an import without a visitor's data. */
export function logImportFault(importId: number, error: unknown): void {
  logger.error({ err: { message: (error as Error)?.message ?? String(error) }, importId }, "stock feed import failed");
}
