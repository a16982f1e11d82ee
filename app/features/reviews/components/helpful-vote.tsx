import { ThumbsUp } from "lucide-react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/ui/use-hydrated";
import { BACK_FIELD, helpfulLabel, type HelpfulVoteAnswer, SCRIPTED_FIELD, VOTE_ALREADY, VOTE_THANKS } from "../review-actions";
import { helpfulVoteUrl } from "../urls";

// "Helpful": a plain POST form. Without scripts the browser comes back to the review; with them
// the vote is sent in place and the count comes back with the answer. The page itself is shared
// by every visitor, so it never says who voted: the answer does, to this reader only.

export function HelpfulVote({ reviewId, count, back, reviewTitle }: { reviewId: number; count: number; back: string; reviewTitle: string }) {
  const fetcher = useFetcher<HelpfulVoteAnswer>();
  const hydrated = useHydrated();
  const answer = fetcher.data;
  const shown = answer?.ok ? answer.helpfulCount : count;
  const message = answer ? (answer.ok ? (answer.counted ? VOTE_THANKS : VOTE_ALREADY) : answer.formError) : null;
  const done = answer?.ok === true;
  return (
    <fetcher.Form method="post" action={helpfulVoteUrl(reviewId)} className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <input type="hidden" name={BACK_FIELD} value={back} />
      {hydrated ? <input type="hidden" name={SCRIPTED_FIELD} value="1" /> : null}
      <button
        type="submit"
        disabled={fetcher.state !== "idle" || done}
        className="btn-secondary min-h-10 px-3 py-1.5"
      >
        <ThumbsUp className="size-4" strokeWidth={1.75} aria-hidden="true" />
        Helpful<span className="sr-only"> review: “{reviewTitle}”</span>
      </button>
      <span className="tabular text-sm text-slate-600 dark:text-slate-400">{helpfulLabel(shown)}</span>
      <span role="status" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {message}
      </span>
    </fetcher.Form>
  );
}
