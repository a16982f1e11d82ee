import { cleanText } from "~/features/contact/schemas";
import { z } from "~/lib/zod";

// The moderation forms' one schema, shared by the item pages and their actions (and the command
// line): restore needs no words, remove and ban need the reason the seller or author is told.

const MODERATION_REASON_MIN = 10;
export const MODERATION_REASON_MAX = 1000;

const reason = z
  .string({ error: "Please write the reason the seller will read" })
  .transform((v) => cleanText(v))
  .pipe(
    z
      .string()
      .min(MODERATION_REASON_MIN, { error: `Please write the reason the seller will read (at least ${MODERATION_REASON_MIN} characters)` })
      .max(MODERATION_REASON_MAX, { error: `Please keep the reason to ${MODERATION_REASON_MAX} characters or fewer` }),
  );

export const moderationActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("restore"), reason: z.string().optional().transform((v) => cleanText(v ?? "").slice(0, MODERATION_REASON_MAX)) }),
    z.object({ intent: z.literal("remove"), reason }),
    z.object({ intent: z.literal("ban"), reason }),
  ],
  { error: "This action is not available." },
);

type ModerationActionInput = z.infer<typeof moderationActionSchema>;
export type ModerationIntent = ModerationActionInput["intent"];

export function moderationActionValues(source: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of ["intent", "reason"]) {
    const value = source.get(field);
    if (typeof value === "string") out[field] = value.slice(0, 5000);
  }
  return out;
}
