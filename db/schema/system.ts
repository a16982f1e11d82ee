import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
