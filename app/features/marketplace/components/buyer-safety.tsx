import { ShieldAlert } from "lucide-react";

// Buyer safety tips beside an ad (the hub shows its own, longer list).

export const buyerSafetyTips = [
  "Never pay a deposit before you have seen the car and met the seller.",
  "Meet in a public place in daylight, and take someone with you.",
  "Check the registration papers (the NaTIS document) match the seller's ID and the car's VIN.",
  "Have the car inspected by a mechanic or a testing station you choose.",
  "Pay by bank transfer only once you have the car, the keys and the papers; never by cash send or gift card.",
] as const;

export function BuyerSafety({ headingId = "buyer-safety-heading" }: { headingId?: string }) {
  return (
    <section aria-labelledby={headingId} className="rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-bold">
        <ShieldAlert aria-hidden="true" className="size-5" strokeWidth={1.75} />
        Buy safely
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-6">
        {buyerSafetyTips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}
