import { ChevronLeft, ChevronRight, Expand } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { BodyType } from "../../../../../db/schema/catalogue";
import { CarIllustration } from "~/ui/car-illustration";
import { photoHeight, photoSrcSet, photoUrl } from "../../photos";
import type { AdPhoto } from "../../types";
import { galleryKey, useGalleryIndex, useSwipe } from "./gallery-controls";

// The ad's photos: one large image in a fixed 4:3 box (width and height attributes, so nothing
// moves while it loads), "3 / 8", thumbnails, previous and next buttons, the arrow keys, a swipe
// (pointer events) and a full-screen viewer loaded on first use. Without scripts the first photo
// shows and each thumbnail links to its large file.

const Viewer = lazy(() => import("./ad-gallery-viewer"));

const MAIN_SIZES = "(min-width: 1024px) 720px, 100vw";
const roundButton =
  "inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow ring-1 ring-slate-200 hover:bg-white dark:bg-slate-900/90 dark:text-slate-100 dark:ring-slate-700";

export function AdGallery({ photos, title, bodyType, colourHex }: { photos: AdPhoto[]; title: string; bodyType: BodyType; colourHex: string }) {
  const count = photos.length;
  const { index, setIndex, next, previous } = useGalleryIndex(count);
  const [fullScreen, setFullScreen] = useState<{ open: boolean } | null>(null);
  const swipe = useSwipe((direction) => (direction === 1 ? next() : previous()));
  const photo = photos[index];

  if (!photo) {
    return (
      <div className="aspect-[4/3] overflow-hidden rounded-[var(--radius-card)] bg-gradient-to-b from-slate-50 to-slate-200 p-8 dark:from-slate-800 dark:to-slate-900">
        <CarIllustration bodyType={bodyType} colour={colourHex} className="h-full w-full" title={`Illustration of the ${title} (no photos yet)`} />
      </div>
    );
  }

  const label = (i: number) => photos[i]?.alt || `${title}, photo ${i + 1} of ${count}`;

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of the ${title}`} className="min-w-0">
      <div
        // Focusable so the arrow keys work; the buttons below do the same for pointer users.
        tabIndex={0}
        data-testid="gallery-main"
        onKeyDown={(event) => galleryKey(event, { next, previous, first: () => setIndex(0), last: () => setIndex(count - 1) })}
        {...swipe}
        className="group relative aspect-[4/3] touch-pan-y overflow-hidden rounded-[var(--radius-card)] bg-slate-100 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:bg-slate-800"
      >
        <img
          key={photo.storageKey + index}
          src={photoUrl(photo.storageKey, 1280)}
          srcSet={photoSrcSet(photo.storageKey)}
          sizes={MAIN_SIZES}
          width={1280}
          height={photoHeight(1280)}
          alt={label(index)}
          fetchPriority={index === 0 ? "high" : undefined}
          decoding="async"
          draggable={false}
          className="h-full w-full object-cover"
        />
        <p className="tabular absolute bottom-3 left-3 rounded-md bg-slate-950/75 px-2 py-1 text-sm font-semibold text-white" aria-live="polite" data-testid="gallery-counter">
          <span className="sr-only">Photo </span>
          {index + 1} / {count}
        </p>
        {count > 1 ? (
          <div className="noscript:hidden">
            <button type="button" onClick={previous} aria-label="Previous photo" className={`${roundButton} absolute top-1/2 left-3 -translate-y-1/2`}>
              <ChevronLeft aria-hidden="true" className="size-6" strokeWidth={1.75} />
            </button>
            <button type="button" onClick={next} aria-label="Next photo" className={`${roundButton} absolute top-1/2 right-3 -translate-y-1/2`}>
              <ChevronRight aria-hidden="true" className="size-6" strokeWidth={1.75} />
            </button>
          </div>
        ) : null}
        <button
          type="button"
          onClick={() => setFullScreen({ open: true })}
          className={`${roundButton} absolute right-3 bottom-3 noscript:hidden`}
          aria-label="View photos full screen"
        >
          <Expand aria-hidden="true" className="size-5" strokeWidth={1.75} />
        </button>
      </div>
      {count > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="All photos">
          {photos.map((p, i) => (
            <li key={`${p.storageKey}-${i}`} className="shrink-0">
              <a
                href={photoUrl(p.storageKey, 1280)}
                onClick={(event) => {
                  event.preventDefault();
                  setIndex(i);
                }}
                aria-current={i === index ? "true" : undefined}
                className="block overflow-hidden rounded-md ring-2 ring-transparent aria-[current=true]:ring-primary-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
              >
                <img
                  src={photoUrl(p.storageKey, 320)}
                  width={80}
                  height={60}
                  alt={`Show photo ${i + 1}`}
                  loading="lazy"
                  decoding="async"
                  className="h-15 w-20 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {fullScreen ? (
        <Suspense fallback={null}>
          <Viewer
            open={fullScreen.open}
            onOpenChange={(open) => setFullScreen({ open })}
            photos={photos}
            title={title}
            index={index}
            onIndexChange={setIndex}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
