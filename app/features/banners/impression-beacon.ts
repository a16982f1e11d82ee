// The browser half of impression counting: one IntersectionObserver for every banner box on the
// page; a box counts once, when half of it has been on screen, and the ids seen are sent together
// in one beacon a moment later (or when the page is hidden). Kept tiny: it ships with the home
// and model pages.
const IMPRESSION_BEACON = "/b/vues";

let observer: IntersectionObserver | undefined;
const queued = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;

function send() {
  clearTimeout(timer);
  timer = undefined;
  if (!queued.size) return;
  const body = new URLSearchParams({ ids: [...queued].slice(0, 8).join(",") });
  queued.clear();
  try {
    if (!navigator.sendBeacon?.(IMPRESSION_BEACON, body)) void fetch(IMPRESSION_BEACON, { method: "POST", body, keepalive: true }).catch(() => {});
  } catch {
    // Counting an impression is never worth an error.
  }
}

/** Watches a banner box; returns the function that stops watching it. */
export function watchBannerBox(box: Element): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  if (!observer) {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const id = (entry.target as HTMLElement).dataset.bannerId;
          observer!.unobserve(entry.target);
          if (id) queued.add(id);
        }
        if (queued.size && !timer) timer = setTimeout(send, 1500);
      },
      { threshold: 0.5 },
    );
    addEventListener("pagehide", send);
  }
  observer.observe(box);
  return () => observer?.unobserve(box);
}
