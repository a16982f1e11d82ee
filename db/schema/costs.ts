import { boolean, doublePrecision, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The figures the cost tools rest on (pump prices, tariffs, licence fees, the prime rate and
 * Voitura's stated estimates), one row per kind and key, each with its month, source and whether
 * it is an estimate. Loaded by the seed and by `npm run costs:import` (docs/cost-figures.md).
 */
export const costFigures = pgTable(
  "cost_figures",
  {
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    value: doublePrecision("value").notNull(),
    unit: text("unit").notNull(),
    /** "YYYY-MM": the month the figure holds for. */
    asOf: text("as_of").notNull(),
    source: text("source").notNull(),
    sourceUrl: text("source_url"),
    estimate: boolean("estimate").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);
