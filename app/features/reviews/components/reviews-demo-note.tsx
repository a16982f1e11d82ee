import { Info } from "lucide-react";

/** One line telling readers which reviews are demo data, wherever reviews are listed. */
export function ReviewsDemoNote({ className = "" }: { className?: string }) {
  return (
    <p className={`flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400 ${className}`}>
      <Info className="size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
      The reviews marked “demo data” are examples written for this site, not the words of real owners.
    </p>
  );
}
