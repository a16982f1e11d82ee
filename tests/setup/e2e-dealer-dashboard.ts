// The dealer dashboard's journey (tests/e2e/dealer-dashboard.spec.ts) needs a member of a dealer
// with stock and leads, which no visitor can create: an account made owner of a demo marketplace
// dealer (the one with the second most live ads, so the dealer page journeys' dealer is left
// alone), a stock number on one of its ads, two weeks of views and phone reveals, a find-my-car
// request, a message on its page and one about an ad. Demo data; the ids go to DATA_DIR.
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { resultRows, type DatabaseHandle } from "../../app/lib/db.server";
import { dealerContacts, dealerMembers, leadDealers, leads, usedAdContacts, usedAdDailyStats, usedAds } from "../../db/schema";
import { E2E_DEALER_DASHBOARD_FILE, E2E_DEALER_OWNER, type E2eDealerDashboard } from "./e2e-dealer-dashboard-data";
import { insertSignInAccount } from "./route-calls";

const DAY_MS = 86_400_000;
const saDay = (at: number) => new Date(at + 2 * 3_600_000).toISOString().slice(0, 10);

export async function writeDealerDashboardFixtures(handle: DatabaseHandle, dataDir: string): Promise<void> {
  const [dealer] = resultRows<{ id: number; name: string }>(
    await handle.db.execute(sql`select d.id, d.name from dealers d
      join used_ads a on a.dealer_id = d.id and a.status = 'published'
      where d.is_demo and d.on_marketplace
        -- not a dealer another journey's fixture already wrote to or gave members
        and not exists (select 1 from dealer_contacts c where c.dealer_id = d.id)
        and not exists (select 1 from dealer_members m where m.dealer_id = d.id)
      group by d.id order by count(a.id) desc, d.id offset 1 limit 1`),
  );
  if (!dealer) throw new Error("the demo marketplace has no second dealer with live ads");
  const [ad] = resultRows<{ id: number; title: string }>(
    await handle.db.execute(sql`select id, title from used_ads where dealer_id = ${dealer.id} and status = 'published' order by published_at desc, id desc limit 1`),
  );
  if (!ad) throw new Error("the dealer has no live ad");
  const now = Date.now();
  const leadNames = { request: "Naledi Khumalo (demo data)", page: "Sipho Nkosi (demo data)", ad: "Lerato Mokoena (demo data)" };
  await handle.db.transaction(async (tx) => {
    const created = new Date(now - 30 * DAY_MS);
    await insertSignInAccount(tx, { ...E2E_DEALER_OWNER, createdAt: created });
    await tx.insert(dealerMembers).values({ dealerId: dealer.id, userId: E2E_DEALER_OWNER.id, role: "owner" });
    await tx.update(usedAds).set({ stockNumber: "DEMO-001" }).where(eq(usedAds.id, ad.id));
    // Two weeks of figures, more this week than the week before.
    await tx.insert(usedAdDailyStats).values(
      Array.from({ length: 14 }, (_, i) => ({ adId: ad.id, day: saDay(now - i * DAY_MS), views: i < 7 ? 20 + i : 10 + i, phoneReveals: i % 3 === 0 ? 2 : 0 })),
    );
    const [lead] = await tx
      .insert(leads)
      .values({
        carCondition: "used",
        paymentMethod: "finance",
        wanted: [],
        budgetKind: "price",
        budgetMin: 200_000,
        budgetMax: 300_000,
        name: leadNames.request,
        phone: "+27105550123",
        email: "naledi.khumalo@example.com",
        province: "gauteng",
        contactTime: "morning",
        consent: true,
        attribution: { sourcePath: "/marche-doccasion", referrer: null, utm: {} },
        duplicateKey: "e2e-dealer-dashboard-lead",
        createdAt: new Date(now - 3 * DAY_MS),
      })
      .returning({ id: leads.id });
    await tx.insert(leadDealers).values({ leadId: lead!.id, dealerId: dealer.id, sentAt: new Date(now - 3 * DAY_MS) });
    await tx.insert(dealerContacts).values({
      dealerId: dealer.id,
      name: leadNames.page,
      email: "sipho.nkosi@example.com",
      phone: "+27105550145",
      topic: "service",
      message: "Could you book my Polo in for its 60 000 km service next week? (demo data)",
      createdAt: new Date(now - 2 * DAY_MS),
    });
    await tx.insert(usedAdContacts).values({
      adId: ad.id,
      name: leadNames.ad,
      email: "lerato.mokoena@example.com",
      phone: "+27105550167",
      message: "Is the car still available, and may I see it on Saturday? (demo data)",
      createdAt: new Date(now - DAY_MS),
    });
  });
  const found: E2eDealerDashboard = { dealerId: dealer.id, dealerName: dealer.name, liveAdId: ad.id, liveAdTitle: ad.title, leadNames };
  fs.writeFileSync(path.join(dataDir, E2E_DEALER_DASHBOARD_FILE), JSON.stringify(found, null, 2));
}
