import { Link2, Printer } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "~/ui/use-hydrated";
import { notify } from "~/ui/toasts";

/** Copies text with the Clipboard API, or through a selected text area where it is missing (plain HTTP, old browsers). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

const switchTrack = (on: boolean) =>
  `relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors duration-150 ${on ? "bg-primary-600" : "bg-slate-300 dark:bg-slate-600"}`;
const switchThumb = (on: boolean) => `inline-block size-5 rounded-full bg-white shadow transition-transform duration-150 ${on ? "translate-x-5.5" : "translate-x-0.5"}`;

/**
 * "Show only differences": a link to the same comparison with (or without) diff=1 before the
 * scripts run, a switch that filters at once and rewrites the address (replace) after.
 */
export function DiffSwitch({ on, toggleUrl }: { on: boolean; toggleUrl: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const label = "Show only differences";
  if (!hydrated) {
    return (
      <Link to={toggleUrl} replace preventScrollReset className="inline-flex items-center gap-2 text-sm font-semibold" aria-label={`${label}: ${on ? "on" : "off"}`}>
        <span className={switchTrack(on)} aria-hidden="true">
          <span className={switchThumb(on)} />
        </span>
        {label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className="inline-flex items-center gap-2 rounded-full text-sm font-semibold"
      onClick={() => void navigate(toggleUrl, { replace: true, preventScrollReset: true })}
    >
      <span className={switchTrack(on)} aria-hidden="true">
        <span className={switchThumb(on)} />
      </span>
      {label}
    </button>
  );
}

// Copy link and Print need scripts. They are in the server's HTML all the same, so the toolbar
// has its final size from the first paint (added at hydration, they pushed the table down: the
// comparator's layout shift); only a browser without scripts hides them (noscript:).

export function CopyLinkButton({ path }: { path: string }) {
  const copy = async () => {
    const url = new URL(path, window.location.origin).toString();
    if (await copyText(url)) notify("Link copied");
    else notify(`Copy this link: ${url}`, { kind: "info", duration: 10_000 });
  };
  return (
    <button type="button" className="btn-secondary noscript:hidden" onClick={() => void copy()}>
      <Link2 className="size-4" strokeWidth={1.75} aria-hidden="true" />
      Copy link
    </button>
  );
}

export function PrintButton() {
  return (
    <button type="button" className="btn-secondary noscript:hidden" onClick={() => window.print()}>
      <Printer className="size-4" strokeWidth={1.75} aria-hidden="true" />
      Print
    </button>
  );
}
