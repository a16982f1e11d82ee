// Colour mode: a preference (light, dark or system) stored under one key, in a cookie so the
// server renders the right class, mirrored in localStorage for the client.
export const COLOUR_MODE_KEY = "colour-mode";
const colourModes = ["light", "dark", "system"] as const;
export type ColourMode = (typeof colourModes)[number];
export type ResolvedColourMode = Exclude<ColourMode, "system">;

export function parseColourMode(value: string | null | undefined): ColourMode {
  return colourModes.includes(value as ColourMode) ? (value as ColourMode) : "system";
}

export function colourModeFromCookie(cookieHeader: string | null): ColourMode {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${COLOUR_MODE_KEY}=([a-z]+)`));
  return parseColourMode(match?.[1]);
}

/** What the server can decide: a forced or stored light/dark; "system" needs the browser. */
export function serverResolvedMode(preference: ColourMode, forced?: ColourMode): ColourMode {
  if (forced && forced !== "system") return forced;
  return preference;
}

/**
 * Runs inline in <head> before first paint: resolves "system" against the OS setting so a
 * reload never flashes the wrong theme. Kept tiny and dependency-free on purpose.
 */
export const colourModeScript = `(function(){try{var d=document.documentElement,k=${JSON.stringify(COLOUR_MODE_KEY)};var m=document.cookie.match(/(?:^|;\\s*)colour-mode=(light|dark|system)/);var p=m?m[1]:(localStorage.getItem(k)||"system");var f=d.getAttribute("data-forced-mode");var r=f&&f!=="system"?f:p;if(r!=="light"&&r!=="dark"){r=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}d.classList.toggle("dark",r==="dark");d.setAttribute("data-colour-mode",p);d.style.colorScheme=r}catch(e){}})();`;

export function storeColourMode(mode: ColourMode): void {
  document.cookie = `${COLOUR_MODE_KEY}=${mode}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(COLOUR_MODE_KEY, mode);
  } catch {
    // private mode: the cookie is enough
  }
}

export function applyColourMode(resolved: ResolvedColourMode): void {
  const root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
}

export function systemColourMode(): ResolvedColourMode {
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
