import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { requireLogin } from "~/features/accounts/auth-events";
import { useHydrated } from "~/ui/use-hydrated";
import { BACK_FIELD, helpfulLabel, type HelpfulVoteAnswer, SCRIPTED_FIELD, VOTE_ALREADY, VOTE_THANKS } from "../review-actions";
import { helpfulVoteUrl, reviewAnchor } from "../urls";
import { Icon } from "~/ui/icon";

// "Helpful": a plain POST form, one vote per account. A visitor gets the login popup first, then
// the vote is sent in place and the count comes back with the answer; without scripts the action
// sends a visitor to the login page, and a signed-in reader back to the review. The page itself is shared
// by every visitor, so it never says who voted: the answer does, to this reader only.
// One fetcher serves every vote of a page (useHelpfulVotes): a fetcher per review cost the model
// page a fifth of its start-up work.

interface HelpfulVotes {
  hydrated: boolean;
  /** The review whose vote is on its way. */
  sendingId: number | null;
  /** The answers this reader got, by review. */
  answers: Record<number, HelpfulVoteAnswer>;
  send: (reviewId: number, form: HTMLFormElement) => void;
}

export function useHelpfulVotes(): HelpfulVotes {
  const fetcher = useFetcher<HelpfulVoteAnswer>();
  const hydrated = useHydrated();
  const [votedId, setVotedId] = useState<number | null>(null);
  const [answers, setAnswers] = useState<Record<number, HelpfulVoteAnswer>>({});
  const idle = fetcher.state === "idle";
  useEffect(() => {
    const answer = fetcher.data;
    if (idle && answer && votedId !== null) setAnswers((known) => (known[votedId] === answer ? known : { ...known, [votedId]: answer }));
  }, [idle, fetcher.data, votedId]);
  return {
    hydrated,
    sendingId: idle ? null : votedId,
    answers,
    send: (reviewId, form) => {
      setVotedId(reviewId);
      void fetcher.submit(form, { method: "post", action: helpfulVoteUrl(reviewId) });
    },
  };
}

export function HelpfulVote({ reviewId, count, back, reviewTitle, votes }: { reviewId: number; count: number; back: string; reviewTitle: string; votes: HelpfulVotes }) {
  const sending = votes.sendingId === reviewId;
  const answer = sending ? undefined : votes.answers[reviewId];
  const shown = answer?.ok ? answer.helpfulCount : count;
  const message = answer ? (answer.ok ? (answer.counted ? VOTE_THANKS : VOTE_ALREADY) : answer.formError) : null;
  const done = answer?.ok === true;
  return (
    <form
      method="post"
      action={helpfulVoteUrl(reviewId)}
      className="flex flex-wrap items-center gap-x-3 gap-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        // A visitor signs in first (the login popup, back to this review), then the vote goes.
        const back = `${window.location.pathname}${window.location.search}#${reviewAnchor(reviewId)}`;
        void requireLogin({ redirectTo: back }).then((signedIn) => signedIn && votes.send(reviewId, form));
      }}
    >
      <input type="hidden" name={BACK_FIELD} value={back} />
      {votes.hydrated ? <input type="hidden" name={SCRIPTED_FIELD} value="1" /> : null}
      <button type="submit" disabled={sending || done} className="btn-secondary min-h-10 px-3 py-1.5">
        <Icon name="thumbs-up" className="size-4" />
        Helpful<span className="sr-only"> review: “{reviewTitle}”</span>
      </button>
      <span className="tabular text-sm text-slate-600 dark:text-slate-400">{helpfulLabel(shown)}</span>
      <span role="status" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {message}
      </span>
    </form>
  );
}
