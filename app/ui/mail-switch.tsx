import { Bell, BellOff } from "lucide-react";

// The on/off switch of a mail (a saved search's alerts, the favourites' price-drop mails): a submit
// button with role="switch" inside its form, so it works as a plain POST and in place with scripts.
// The form around it carries the hidden fields that say what it switches.

export function MailSwitchButton({ on, label, onText, offText }: { on: boolean; label: string; onText: string; offText: string }) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={on}
      aria-label={label}
      className="group inline-flex min-h-11 items-center gap-3 rounded-full text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <span className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors ${on ? "bg-primary-600" : "bg-slate-300 dark:bg-slate-600"}`} aria-hidden="true">
        <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5.5" : "translate-x-0.5"}`} />
      </span>
      <span className="flex items-center gap-1.5">
        {on ? <Bell aria-hidden="true" className="size-4" strokeWidth={1.75} /> : <BellOff aria-hidden="true" className="size-4" strokeWidth={1.75} />}
        {on ? onText : offText}
      </span>
    </button>
  );
}
