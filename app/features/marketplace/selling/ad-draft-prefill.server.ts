import { and, eq } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { adDrafts } from "../../../../db/schema";
import type { DraftFields } from "./ad-draft-steps";
import { type AdDraft, startDraft } from "./ad-drafts.server";
import { type DraftPrefill, prefillFields } from "./ad-draft-prefill";

/**
 * The seller's draft with a valued car filled in: their open draft when nothing is typed in it
 * yet, else a new one, so an ad already under way is never overwritten.
 */
export async function startPrefilledDraft(userId: string, dealerId: number | null, car: DraftPrefill, executor: Executor = db()): Promise<AdDraft> {
  const open = await startDraft(userId, dealerId, executor);
  const typed = open.fields as DraftFields;
  const blank = !typed.car || Object.values(typed.car).every((v) => v === "" || (Array.isArray(v) && v.length === 0));
  const prefill = prefillFields(car);
  if (blank) {
    // A dealer's draft starts with the dealer's town: the valued car's province does not replace it.
    const fields: DraftFields = { ...typed, ...prefill, place: typed.place ?? prefill.place };
    const [updated] = await executor
      .update(adDrafts)
      .set({ fields, completedSteps: open.completedSteps.filter((s) => s !== "car" && s !== "condition"), updatedAt: new Date() })
      .where(and(eq(adDrafts.id, open.id), eq(adDrafts.userId, userId)))
      .returning();
    return updated ?? open;
  }
  const [created] = await executor
    .insert(adDrafts)
    .values({ userId, dealerId, fields: { ...prefill, ...(dealerId !== null && typed.place ? { place: typed.place } : {}) } })
    .returning();
  return created!;
}
