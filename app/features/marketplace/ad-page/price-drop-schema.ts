import { z } from "~/lib/zod";

// The favourites page's switch of the price-drop mails: one plain POST form (mails=on|off).
export const priceDropMailsSchema = z.object({
  intent: z.literal("drop-mails"),
  mails: z.enum(["on", "off"], { error: "Say whether the mails should be on or off." }),
});
