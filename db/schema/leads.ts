import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { dealers } from "./dealers";
import { leadBudgetKinds, leadCarConditions, leadContactTimes, leadPaymentMethods } from "./vocabulary";
import type { DealerLeadStatus } from "./vocabulary";
import type { LeadAttribution, LeadBudgetKind, LeadCarCondition, LeadContactTime, LeadPaymentMethod, LeadRequestKind, LeadTradeInCar, LeadWantedCar } from "./vocabulary";
export { leadBudgetKinds, leadCarConditions, leadContactTimes, leadPaymentMethods };
export type { LeadAttribution, LeadBudgetKind, LeadCarCondition, LeadContactTime, LeadPaymentMethod, LeadRequestKind, LeadTradeInCar, LeadWantedCar };

// Leads from the "We help you find your vehicle" popup (issue 17): what the shopper wants, how to
// reach them, where they came from, and which dealers received it; and trade-in leads from the
// valuation (issue 47): the shopper's own car instead of the wanted cars, condition, payment and
// budget (null). Personal data, deletable per shopper: with the account (user_id cascade) or from
// the confirmation mail's signed link.

export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    // The visitor's cookie_user_id (spec section 3), for attribution; the user when signed in.
    visitorId: text("visitor_id"),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<LeadRequestKind>().notNull().default("find-car"),
    carCondition: text("car_condition").$type<LeadCarCondition>(),
    paymentMethod: text("payment_method").$type<LeadPaymentMethod>(),
    // A trade-in's own car's catalogue brand and model, when the catalogue has them.
    wanted: jsonb("wanted").$type<LeadWantedCar[]>().notNull(),
    budgetKind: text("budget_kind").$type<LeadBudgetKind>(),
    // Rands (a price range) or rands a month (an instalment); max null: "from min".
    budgetMin: integer("budget_min").notNull().default(0),
    budgetMax: integer("budget_max"),
    tradeIn: jsonb("trade_in").$type<LeadTradeInCar>(),
    name: text("name").notNull(),
    // Mobile number in +27 form.
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    province: text("province").notNull(),
    contactTime: text("contact_time").$type<LeadContactTime>().notNull(),
    consent: boolean("consent").notNull(),
    attribution: jsonb("attribution").$type<LeadAttribution>().notNull(),
    // The same person's same request on the same South African day: one lead (unique).
    duplicateKey: text("duplicate_key").notNull(),
    // Set when nothing matched and the sales desk (LEADS_EMAIL) got it.
    salesDeskAt: timestamp("sales_desk_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("leads_duplicate_key_uq").on(t.duplicateKey),
    // Each kind holds its own fields: a request without them could not be shown or answered.
    check(
      "leads_kind_fields",
      sql`(${t.kind} = 'find-car' and ${t.carCondition} is not null and ${t.paymentMethod} is not null and ${t.budgetKind} is not null) or (${t.kind} = 'trade-in' and ${t.tradeIn} is not null)`,
    ),
    index("leads_created_idx").on(t.createdAt),
    index("leads_email_idx").on(t.email),
    index("leads_user_idx").on(t.userId).where(sql`user_id is not null`),
  ],
);

/** The dealers a lead went to (at most three), and when. */
export const leadDealers = pgTable(
  "lead_dealers",
  {
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    dealerId: integer("dealer_id")
      .notNull()
      .references(() => dealers.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    // The dealer's own follow-up (issue 46), set by its staff in the dashboard.
    dealerStatus: text("dealer_status").$type<DealerLeadStatus>().notNull().default("new"),
    dealerNote: text("dealer_note").notNull().default(""),
    dealerStatusAt: timestamp("dealer_status_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.dealerId] }), index("lead_dealers_dealer_idx").on(t.dealerId)],
);
