import { Info } from "lucide-react";

/** One line telling buyers the listings are demo data, on every marketplace list. */
export function DemoDataNote({ className = "" }: { className?: string }) {
  return (
    <p className={`flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400 ${className}`}>
      <Info className="size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
      The ads marked “demo data” are examples generated for this site, not cars for sale.
    </p>
  );
}
