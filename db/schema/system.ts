import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * One counter per data scope ("catalogue", …), bumped in the same transaction as the write that
 * changes the scope. Other processes (several app instances, the importer) compare it with the
 * revision their in-process caches and ETags were built from.
 */
export const dataRevisions = pgTable("data_revisions", {
  scope: text("scope").primaryKey(),
  revision: integer("revision").notNull().default(0),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The durable job queue (decision 013): a job is claimed with FOR UPDATE SKIP LOCKED, so with
 * several instances each runs once; a scheduled run carries a singleton key ("alerts:2026-11-25")
 * that a second instance's insert cannot repeat. A claim that is not finished by locked_until
 * (the instance died) is taken again, up to max_attempts.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    singletonKey: text("singleton_key"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint("attempts").notNull().default(0),
    maxAttempts: smallint("max_attempts").notNull().default(3),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    result: jsonb("result").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("jobs_singleton_uq").on(t.singletonKey),
    index("jobs_due_idx").on(t.runAt, t.id).where(sql`finished_at is null and failed_at is null`),
  ],
);
