import { Icon } from "~/ui/icon";

/** One line telling buyers the listings are demo data, on every marketplace list. */
export function DemoDataNote({ className = "" }: { className?: string }) {
  return (
    <p className={`flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400 ${className}`}>
      <Icon name="info" className="size-4" />
      The ads marked “demo data” are examples generated for this site, not cars for sale.
    </p>
  );
}
