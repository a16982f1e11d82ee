import { useEffect } from "react";
import { useLocation } from "react-router";

const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;

let newBuildWaiting = false;

function currentBuildVersion(): string | undefined {
  return (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
}

/** Checks for a new build every hour; when one exists, the next navigation loads it in full. */
export function useNewBuildCheck() {
  const location = useLocation();

  useEffect(() => {
    const timer = window.setInterval(async () => {
      try {
        const response = await fetch("/build-id", { cache: "no-store" });
        if (!response.ok) return;
        const { version } = (await response.json()) as { version?: string };
        if (version && version !== currentBuildVersion()) newBuildWaiting = true;
      } catch {
        // offline or restarting: try again next hour
      }
    }, BUILD_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (newBuildWaiting) window.location.reload();
  }, [location.key]);
}

/** Pure rule: may this path reload now, given when it last reloaded for a failed chunk? */
export function mayReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch dynamically/i.test(
    message,
  );
}

function reloadOnceForChunk(): void {
  const key = `chunk-reload:${window.location.pathname}`;
  let last: number | null = null;
  try {
    const stored = sessionStorage.getItem(key);
    last = stored ? Number(stored) : null;
  } catch {
    // storage unavailable: the guard then allows one reload per page life
  }
  if (!mayReloadForChunk(last, Date.now())) return;
  try {
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    // ignore
  }
  window.location.reload();
}

/** A failed code chunk (usually a deploy replaced it) reloads the page, at most once per 10 s per path. */
export function useChunkReloadGuard(error?: unknown) {
  useEffect(() => {
    if (error !== undefined && isChunkLoadError(error)) reloadOnceForChunk();
  }, [error]);

  useEffect(() => {
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      reloadOnceForChunk();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => window.removeEventListener("vite:preloadError", onPreloadError);
  }, []);
}
