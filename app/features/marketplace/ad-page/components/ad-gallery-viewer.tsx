import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { photoHeight, photoSrcSet, photoUrl } from "../../photos";
import type { AdPhoto } from "../../types";
import { galleryKey, useSwipe } from "./gallery-controls";

// The gallery's full-screen viewer (loaded on the first press of "full screen"): the photo as
// large as the screen allows, the same counter, buttons, arrow keys and swipe; Escape closes it
// and focus goes back to the button that opened it (Radix).

const button =
  "inline-flex size-12 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

export default function AdGalleryViewer({
  open,
  onOpenChange,
  photos,
  title,
  index,
  onIndexChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  photos: AdPhoto[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const count = photos.length;
  const go = (step: number) => onIndexChange((index + step + count) % count);
  const swipe = useSwipe((direction) => go(direction));
  const photo = photos[index];
  if (!photo) return null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[2050] bg-slate-950/95" />
        <Dialog.Content
          className="fixed inset-0 z-[2051] flex flex-col text-white outline-none"
          onKeyDown={(event) => galleryKey(event, { next: () => go(1), previous: () => go(-1), first: () => onIndexChange(0), last: () => onIndexChange(count - 1) })}
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between gap-4 p-3 sm:p-4">
            <Dialog.Title className="min-w-0 truncate text-base font-semibold">{title}</Dialog.Title>
            <p className="tabular shrink-0 text-sm font-semibold" aria-live="polite" data-testid="viewer-counter">
              <span className="sr-only">Photo </span>
              {index + 1} / {count}
            </p>
            <Dialog.Close aria-label="Close full screen" className={button}>
              <X aria-hidden="true" className="size-6" strokeWidth={1.75} />
            </Dialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-4 select-none" {...swipe}>
            <img
              key={photo.storageKey + index}
              src={photoUrl(photo.storageKey, 1280)}
              srcSet={photoSrcSet(photo.storageKey)}
              sizes="100vw"
              width={1280}
              height={photoHeight(1280)}
              alt={photo.alt || `${title}, photo ${index + 1} of ${count}`}
              draggable={false}
              className="max-h-full max-w-full object-contain"
            />
            {count > 1 ? (
              <>
                <button type="button" onClick={() => go(-1)} aria-label="Previous photo" className={`${button} absolute top-1/2 left-3 -translate-y-1/2`}>
                  <ChevronLeft aria-hidden="true" className="size-7" strokeWidth={1.75} />
                </button>
                <button type="button" onClick={() => go(1)} aria-label="Next photo" className={`${button} absolute top-1/2 right-3 -translate-y-1/2`}>
                  <ChevronRight aria-hidden="true" className="size-7" strokeWidth={1.75} />
                </button>
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
