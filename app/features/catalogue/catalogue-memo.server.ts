import { revisionMemo } from "~/lib/revision-memo.server";

// Answers that depend only on the catalogue (a search's result page, a facet's counts, a model's
// new price): a search page asks nine of them, and a facet's counts are shared by every search
// differing only in that facet.

const MAX_ANSWERS = 4_000;

/** The answer for `key` under the current catalogue revision, loaded once (concurrent callers share it). */
export const catalogueAnswer = revisionMemo(["catalogue"], MAX_ANSWERS);
