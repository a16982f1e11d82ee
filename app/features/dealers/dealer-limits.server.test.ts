import { describe, expect, it } from "vitest";
import { insertAd, insertDealer } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { dealerLimit, setDealerAdLimit } from "./dealer-limits.server";

const database = useTestDatabase();

describe("a dealer's limit of live ads", () => {
  it("finds the dealer by id or slug with its live ads, and sets a new limit within bounds", async () => {
    const { db } = database();
    const dealer = await insertDealer(db, { slug: "karoo-motors-demo", name: "Karoo Motors (demo data)" });
    await insertAd(db, { sellerKind: "dealer", dealerId: dealer.id, sellerUserId: null });
    await insertAd(db, { sellerKind: "dealer", dealerId: dealer.id, sellerUserId: null, status: "paused" });
    await insertAd(db, { sellerKind: "dealer", dealerId: dealer.id, sellerUserId: null, status: "sold" });

    expect(await dealerLimit(db, String(dealer.id))).toEqual({ id: dealer.id, name: "Karoo Motors (demo data)", adLimit: 500, liveAds: 2 });
    expect(await dealerLimit(db, "karoo-motors-demo")).toMatchObject({ id: dealer.id });
    expect(await dealerLimit(db, "no-such-dealer")).toBeUndefined();

    await setDealerAdLimit(db, dealer.id, 1);
    expect(await dealerLimit(db, "karoo-motors-demo")).toMatchObject({ adLimit: 1, liveAds: 2 });
    await expect(setDealerAdLimit(db, dealer.id, -1)).rejects.toThrow(RangeError);
    await expect(setDealerAdLimit(db, dealer.id, 1.5)).rejects.toThrow(RangeError);
  });
});
