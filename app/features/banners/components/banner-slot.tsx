import { useEffect, useRef } from "react";
import { watchBannerBox } from "../impression-beacon";
import type { ShownBanner } from "../rules";

/**
 * A slot's banner, chosen by the page's loader from cached data: a labelled box whose image keeps
 * its aspect ratio from the first paint (width and height attributes, so nothing moves when it
 * loads). No banner, no box: nothing is reserved, and the server and the browser render the same.
 * The link goes through /b/{id}, which counts the click.
 */
export function BannerSlot({ banner, belowFold = false, className = "" }: { banner: ShownBanner | null; belowFold?: boolean; className?: string }) {
  const box = useRef<HTMLElement>(null);
  const id = banner?.id;
  useEffect(() => (id && box.current ? watchBannerBox(box.current) : undefined), [id]);
  if (!banner) return null;
  return (
    <aside ref={box} aria-label="Advertisement" data-banner-id={banner.id} data-testid="banner-slot" className={`banner-slot ${className}`}>
      <p className="mb-1 text-[0.6875rem] font-semibold tracking-wider text-slate-600 uppercase dark:text-slate-400">Advertisement</p>
      <a href={`/b/${banner.id}`} rel="sponsored noopener" className="block overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-slate-100 focus-visible:outline-offset-2 dark:border-slate-800 dark:bg-slate-800">
        <img
          src={banner.imagePath}
          width={banner.width}
          height={banner.height}
          alt={banner.altText}
          loading={belowFold ? "lazy" : "eager"}
          decoding="async"
          className="block h-auto w-full"
          style={{ aspectRatio: `${banner.width} / ${banner.height}` }}
        />
      </a>
    </aside>
  );
}
