import { Moon, Sun } from "lucide-react";
import { useEffect, useState } from "react";
import { type ResolvedColourMode, applyColourMode, parseColourMode, storeColourMode, systemColourMode } from "~/lib/colour-mode";

/** Switches between dark and light; until first used, the site follows the OS (system). */
export function ThemeToggle() {
  const [resolved, setResolved] = useState<ResolvedColourMode | undefined>(undefined);

  useEffect(() => {
    const root = document.documentElement;
    setResolved(root.classList.contains("dark") ? "dark" : "light");
    // While the preference is "system" and no route forces a mode, follow OS changes live.
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => {
      const preference = parseColourMode(root.getAttribute("data-colour-mode"));
      const forced = root.getAttribute("data-forced-mode");
      if (preference !== "system" || (forced && forced !== "system")) return;
      const next = systemColourMode();
      applyColourMode(next);
      setResolved(next);
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  const toggle = () => {
    const next: ResolvedColourMode = document.documentElement.classList.contains("dark") ? "light" : "dark";
    storeColourMode(next);
    document.documentElement.setAttribute("data-colour-mode", next);
    applyColourMode(next);
    setResolved(next);
  };

  const label = resolved === "dark" ? "Switch to light mode" : "Switch to dark mode";
  return (
    <button
      type="button"
      onClick={toggle}
      className="inline-flex size-9 items-center justify-center rounded-md text-slate-200 hover:bg-white/10 hover:text-white"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
    >
      {/* Both icons are rendered; CSS shows the right one so SSR and the first paint agree. */}
      <Moon className="size-5 dark:hidden" strokeWidth={1.75} aria-hidden="true" />
      <Sun className="hidden size-5 dark:block" strokeWidth={1.75} aria-hidden="true" />
    </button>
  );
}
