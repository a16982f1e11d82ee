import { formatRand } from "~/lib/format";

// The instalment estimates of issue 47: "about R 4 310 a month*" on every car, each a link to the
// calculator filled in with that car, and the one line per page that states what the asterisk
// stands for (the terms, the rate and its month, written by the page's loader from the figures).

/** The id of a page's assumption line: every estimate names it (aria-describedby). */
export const FINANCE_NOTE_ID = "finance-note";

/** An estimate as a page receives it: the monthly amount (rounded to R 10) and the filled-in calculator. */
export interface Instalment {
  monthly: number;
  url: string;
}

/** "about R 4 310 a month*", linked to the calculator with this car's figures. */
export function InstalmentLink({ instalment, className, described = true }: { instalment: Instalment; className?: string; /** Names the note (aria-describedby); a card, printed two dozen times, leaves it to the asterisk. */ described?: boolean }) {
  return (
    // A plain link and one text node: the card repeats it two dozen times down a page.
    <a href={instalment.url} className={className ?? "link tabular"} aria-describedby={described ? FINANCE_NOTE_ID : undefined}>
      {`about ${formatRand(instalment.monthly)} a month*`}
    </a>
  );
}

/** "*10 % deposit, 72 months, …": printed once on a page that shows estimates. */
export function FinanceNote({ note, className = "" }: { note: string; className?: string }) {
  return (
    <p id={FINANCE_NOTE_ID} className={`text-xs text-slate-600 dark:text-slate-400 ${className}`}>
      *{note}
    </p>
  );
}
