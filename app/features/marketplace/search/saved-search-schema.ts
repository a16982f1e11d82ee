import { cleanLine } from "~/features/contact/schemas";
import { z } from "~/lib/zod";
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from "./saved-search-rules";

// The saved searches' forms on /mon-compte/recherches: rename (a name), alerts on/off, delete.
// The page's inputs carry the same limits (required, maxLength); the action is the authority.

export const renameSavedSearchSchema = z.object({
  name: z
    .string({ error: SAVED_SEARCH_MESSAGES.nameRequired })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: SAVED_SEARCH_MESSAGES.nameRequired }).max(SAVED_SEARCH_NAME_MAX, { error: SAVED_SEARCH_MESSAGES.nameTooLong })),
});

const savedSearchIntents = ["rename", "alerts", "delete"] as const;

export const savedSearchActionSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  intent: z.enum(savedSearchIntents),
});
