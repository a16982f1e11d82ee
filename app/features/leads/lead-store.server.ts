import { eq, inArray } from "drizzle-orm";
import { cityName } from "~/lib/places";
import { db, type Executor } from "~/lib/db.server";
import { sha256Hex } from "~/lib/security.server";
import { brands, dealers, leadDealers, leads, models } from "../../../db/schema";
import type { LeadAttribution, LeadTradeInCar, LeadWantedCar } from "../../../db/schema/vocabulary";
import type { MatchedDealer } from "./lead-matching";
import { findLeadDealers } from "./lead-matching.server";
import { southAfricanDay } from "~/lib/south-african-time";
import { duplicateKeySource, tradeInDuplicateKeySource } from "./lead-rules";
import type { LeadContact, LeadRequest } from "./lead-schema";

// Storing a lead (a find-my-car request or a trade-in): the catalogue check of the wanted cars,
// then one transaction for the lead and the dealers it goes to, keyed so the same request on the
// same South African day is one lead.

/** Names the given cars from the catalogue: "Toyota Hilux", "Volkswagen (any model)", or null when unknown. */
export async function wantedCarNamer(wanted: readonly LeadWantedCar[], executor: Executor = db()): Promise<(car: LeadWantedCar) => string | null> {
  const brandIds = [...new Set(wanted.map((c) => c.brandId))];
  const modelIds = [...new Set(wanted.flatMap((c) => (c.modelId === null ? [] : [c.modelId])))];
  const brandRows = brandIds.length ? await executor.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, brandIds)) : [];
  const modelRows = modelIds.length
    ? await executor.select({ id: models.id, brandId: models.brandId, name: models.name }).from(models).where(inArray(models.id, modelIds))
    : [];
  const brandName = new Map(brandRows.map((b) => [b.id, b.name]));
  const model = new Map(modelRows.map((m) => [m.id, m]));
  return (car) => {
    const brand = brandName.get(car.brandId);
    if (brand === undefined) return null;
    if (car.modelId === null) return `${brand} (any model)`;
    const m = model.get(car.modelId);
    // A model must belong to the brand it is asked with.
    return m && m.brandId === car.brandId ? `${brand} ${m.name}` : null;
  };
}

/** Each wanted car's display name, or null when a brand or model is unknown (or a model is not the brand's). */
export async function wantedCarNames(wanted: readonly LeadWantedCar[], executor: Executor = db()): Promise<string[] | null> {
  const name = await wantedCarNamer(wanted, executor);
  const names = wanted.map(name);
  return names.every((n) => n !== null) ? (names as string[]) : null;
}

interface LeadToStore {
  request: LeadRequest;
  attribution: LeadAttribution;
  visitorId: string | null;
  userId: string | null;
}

/** A trade-in (issue 47): the shopper's own car and its valuation, and how to reach them. */
export interface TradeInToStore {
  car: LeadTradeInCar;
  /** The car's catalogue brand and model, when the catalogue has them (they rank the dealers). */
  catalogueCar: LeadWantedCar | null;
  contact: LeadContact;
  attribution: LeadAttribution;
  visitorId: string | null;
  userId: string | null;
}

const leadDuplicateKey = (request: LeadRequest, at: Date): string =>
  sha256Hex(
    duplicateKeySource(
      { email: request.email, phone: request.phone, carCondition: request.car_condition, paymentMethod: request.payment_method, wanted: request.wanted, budget: request.budget },
      southAfricanDay(at),
    ),
  );

const tradeInDuplicateKey = (lead: TradeInToStore, at: Date): string =>
  sha256Hex(tradeInDuplicateKeySource({ email: lead.contact.email, phone: lead.contact.phone, car: lead.car }, southAfricanDay(at)));

export type StoredLead = { duplicate: false; id: number; dealers: MatchedDealer[] } | { duplicate: true; id: number; dealers: Array<{ name: string; city: string }> };

type ChooseDealers = (executor: Executor) => Promise<MatchedDealer[]>;

/**
 * Inserts the lead and its lead_dealers rows in one transaction (a failure leaves neither); an
 * identical request already stored today inserts nothing and answers the stored lead's dealers.
 */
async function insertLead(values: Omit<typeof leads.$inferInsert, "salesDeskAt" | "createdAt">, chooseDealers: ChooseDealers, now: Date): Promise<StoredLead> {
  return db().transaction(async (tx) => {
    const matched = await chooseDealers(tx);
    const [row] = await tx
      .insert(leads)
      .values({ ...values, salesDeskAt: matched.length ? null : now, createdAt: now })
      .onConflictDoNothing({ target: leads.duplicateKey })
      .returning({ id: leads.id });
    if (!row) {
      const [existing] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.duplicateKey, values.duplicateKey)).limit(1);
      const sentTo = existing
        ? await tx
            .select({ name: dealers.name, city: dealers.city })
            .from(leadDealers)
            .innerJoin(dealers, eq(dealers.id, leadDealers.dealerId))
            .where(eq(leadDealers.leadId, existing.id))
            .orderBy(dealers.name)
        : [];
      return { duplicate: true as const, id: existing?.id ?? 0, dealers: sentTo.map((d) => ({ name: d.name, city: cityName(d.city) })) };
    }
    if (matched.length) await tx.insert(leadDealers).values(matched.map((d) => ({ leadId: row.id, dealerId: d.id, sentAt: now })));
    return { duplicate: false as const, id: row.id, dealers: matched };
  });
}

/** Stores a find-my-car request. `chooseDealers` is the matching (a parameter so a test can hand in dealers of its own). */
export async function storeLead(lead: LeadToStore, options: { now?: Date; chooseDealers?: ChooseDealers } = {}): Promise<StoredLead> {
  const now = options.now ?? new Date();
  const { request } = lead;
  const chooseDealers =
    options.chooseDealers ??
    ((executor: Executor) =>
      findLeadDealers({ province: request.province, carCondition: request.car_condition, brandIds: request.wanted.map((c) => c.brandId) }, executor, now));
  return insertLead(
    {
      kind: "find-car",
      visitorId: lead.visitorId,
      userId: lead.userId,
      carCondition: request.car_condition,
      paymentMethod: request.payment_method,
      wanted: request.wanted,
      budgetKind: request.budget.kind,
      budgetMin: request.budget.min,
      budgetMax: request.budget.max,
      name: request.name,
      phone: request.phone,
      email: request.email,
      province: request.province,
      contactTime: request.contact_time,
      consent: true,
      attribution: lead.attribution,
      duplicateKey: leadDuplicateKey(request, now),
    },
    chooseDealers,
    now,
  );
}

/** Stores a trade-in: it goes to up to three dealers of the province that sell used cars. */
export async function storeTradeInLead(lead: TradeInToStore, options: { now?: Date } = {}): Promise<StoredLead> {
  const now = options.now ?? new Date();
  const { contact } = lead;
  const brandIds = lead.catalogueCar ? [lead.catalogueCar.brandId] : [];
  return insertLead(
    {
      kind: "trade-in",
      visitorId: lead.visitorId,
      userId: lead.userId,
      wanted: lead.catalogueCar ? [lead.catalogueCar] : [],
      tradeIn: lead.car,
      name: contact.name,
      phone: contact.phone,
      email: contact.email,
      province: contact.province,
      contactTime: contact.contact_time,
      consent: true,
      attribution: lead.attribution,
      duplicateKey: tradeInDuplicateKey(lead, now),
    },
    (executor) => findLeadDealers({ province: contact.province, carCondition: "used", brandIds, anyBrand: true }, executor, now),
    now,
  );
}
