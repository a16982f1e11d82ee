import { CircleCheck } from "lucide-react";
import type { LeadAnswer } from "../lead-draft";

/** What happened to a sent request: which dealers got it, or that the sales desk will call. */
export function LeadConfirmation({
  answer,
  headingId,
  onClose,
}: {
  answer: Extract<LeadAnswer, { ok: true }>;
  headingId: string;
  /** In the popup: a button that closes it. */
  onClose?: () => void;
}) {
  return (
    <div role="status" className="mt-5 space-y-4" data-testid="lead-confirmation">
      <h3 id={headingId} tabIndex={-1} className="flex items-center gap-2 text-2xl font-extrabold tracking-tight focus:outline-none">
        <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-green-700 dark:text-green-400" strokeWidth={1.75} />
        Thank you, your request is sent
      </h3>
      {answer.duplicate ? (
        <p className="text-slate-700 dark:text-slate-300">You already sent this request today, so we did not send it again.</p>
      ) : null}
      {answer.dealers.length > 0 ? (
        <div>
          <p className="text-slate-700 dark:text-slate-300">
            {answer.dealers.length === 1 ? "This dealer has" : `These ${answer.dealers.length} dealers have`} your request and will contact you
            with their offers:
          </p>
          <ul className="mt-2 space-y-1">
            {answer.dealers.map((dealer) => (
              <li key={`${dealer.name}-${dealer.city}`} className="font-semibold">
                {dealer.name} <span className="font-normal text-slate-600 dark:text-slate-400">({dealer.city})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {answer.salesDesk || answer.dealers.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">Our sales desk has your request and will call you to find the right dealer.</p>
      ) : null}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        We sent you a confirmation email. Its link lets you have your details deleted at any time.
      </p>
      {onClose ? (
        <button type="button" className="btn-primary" onClick={onClose}>
          Close
        </button>
      ) : null}
    </div>
  );
}
