import { ShieldCheck } from "lucide-react";

// Buyer safety tips: one list, on the marketplace hub (a card) and beside an ad (a caution box).

const safetyTips: readonly { title: string; text: string }[] = [
  { title: "Never pay a deposit before you have seen the car", text: "Scammers ask for a “holding fee” on cars that do not exist. No viewing, no money." },
  { title: "Meet in a safe public place", text: "In daylight, at a busy spot such as a shopping centre or a police station parking, and take someone with you." },
  {
    title: "Check the VIN and the papers",
    text: "The VIN and engine number on the car must match the registration certificate (eNaTIS) in the seller’s name; ask for the service book and the seller’s ID.",
  },
  { title: "Have it inspected", text: "A roadworthy and an independent inspection (for example by the AA or Dekra) cost far less than a hidden problem." },
  { title: "Pay in a traceable way", text: "An instant EFT you can see cleared, or through a bank or a dealer; never cash in a parking lot, never to a third party’s account." },
];

const variants = {
  card: "card p-5",
  caution: "rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100",
} as const;

export function SafetyTips({
  headingLevel = 2,
  variant = "card",
  className = "",
}: {
  headingLevel?: 2 | 3;
  variant?: keyof typeof variants;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const muted = variant === "card" ? "text-slate-600 dark:text-slate-400" : "";
  return (
    <section aria-labelledby="safety-tips-heading" className={`${variants[variant]} ${className}`}>
      <Heading id="safety-tips-heading" className="flex items-center gap-2 text-lg font-bold">
        <ShieldCheck className={`size-5 ${variant === "card" ? "text-primary-600" : ""}`} strokeWidth={1.75} aria-hidden="true" />
        Buy safely
      </Heading>
      <ul className="mt-3 space-y-3 text-sm">
        {safetyTips.map((tip) => (
          <li key={tip.title}>
            <p className="font-semibold">{tip.title}</p>
            <p className={muted}>{tip.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
