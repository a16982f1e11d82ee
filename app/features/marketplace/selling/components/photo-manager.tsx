import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from "lucide-react";
import { type DragEvent, type FormEvent, type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { useHydrated } from "~/ui/use-hydrated";
import type { DraftPhoto } from "../../../../../db/schema/marketplace";
import { movePhoto, PHOTO_RULES } from "../photo-rules";
import { createUploadQueue, type PhotoUpload, sendPhotoRequest, type UploadQueue } from "../photo-upload-queue";
import { HiddenFields, IconButton, Notice, PhotoActionForm, UploadTile } from "./photo-manager-parts";
import { photoSrcSet, photoUrl } from "../../photos";
import { DRAFT_PHOTOS_PATH } from "../../urls";

// The photos of a draft ad: add, reorder, choose the cover, delete. The HTML is plain multipart
// forms posting to the photo endpoint (each answered with a redirect back), so it all works
// without JavaScript; once the page runs, files upload on their own (a few at a time, each with
// its progress and a retry), tiles move by drag or arrow keys, and each change is a JSON request.

const ACCEPT = "image/jpeg,image/png,image/webp";
const PARALLEL_UPLOADS = 3;

interface PhotoManagerProps {
  draftId: number;
  photos: DraftPhoto[];
  /** The page to come back to after a no-script POST. */
  returnTo: string;
}

type ActionAnswer = { photos?: DraftPhoto[]; error?: string };

export function PhotoManager({ draftId, photos: savedPhotos, returnTo }: PhotoManagerProps) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const storedSinceRead = useRef(false);
  const [searchParams] = useSearchParams();
  const [photos, setPhotos] = useState(savedPhotos);
  const photosRef = useRef(savedPhotos);
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const [actionError, setActionError] = useState<string>();
  const [showUrlMessages, setShowUrlMessages] = useState(true);
  const [dropTarget, setDropTarget] = useState<number>();
  const [fileDragOver, setFileDragOver] = useState(false);
  const draggedKey = useRef<string>(undefined);
  const focusKey = useRef<string>(undefined);
  const tiles = useRef(new Map<string, HTMLLIElement>());
  const actions = useRef(Promise.resolve());
  const queueRef = useRef<UploadQueue>(undefined);

  const show = useCallback((next: DraftPhoto[]) => {
    photosRef.current = next;
    setPhotos(next);
  }, []);

  // A reload of the page's data (after uploads, or another tab's changes) is the truth.
  useEffect(() => show(savedPhotos), [savedPhotos, show]);

  useEffect(() => {
    if (!focusKey.current) return;
    tiles.current.get(focusKey.current)?.focus();
    focusKey.current = undefined;
  }, [photos]);

  const queue = (): UploadQueue => {
    queueRef.current ??= createUploadQueue({
      concurrency: PARALLEL_UPLOADS,
      send: sendPhotoRequest(DRAFT_PHOTOS_PATH, { draft: String(draftId), intent: "upload", returnTo }),
      photoCount: () => photosRef.current.length,
      onChange: (next) => {
        setUploads(next);
        // Answers to parallel uploads may arrive out of order: once all are in, the page's data is read again.
        if (storedSinceRead.current && !next.some((u) => u.status === "uploading" || u.status === "queued" || u.status === "checking")) {
          storedSinceRead.current = false;
          void revalidatorRef.current.revalidate();
        }
      },
      onStored: (next) => {
        const added = next.length - photosRef.current.length;
        storedSinceRead.current = true;
        show(next);
        if (added > 0) setAnnouncement(`Photo added: ${next.length} of ${PHOTO_RULES.maxPhotos} photos`);
      },
    });
    return queueRef.current;
  };

  const addFiles = (files: FileList | null) => {
    if (!files?.length) return;
    setShowUrlMessages(false);
    void queue().add([...files]);
  };

  /** Sends one change (one at a time, in order) and settles the list on the server's answer. */
  const send = (data: FormData, before: DraftPhoto[]) => {
    data.set("draft", String(draftId));
    actions.current = actions.current.then(async () => {
      let answer: ActionAnswer = {};
      let ok = false;
      try {
        const response = await fetch(DRAFT_PHOTOS_PATH, { method: "POST", body: data, headers: { Accept: "application/json" } });
        answer = (await response.json().catch(() => ({}))) as ActionAnswer;
        ok = response.ok;
      } catch {
        answer = { error: "The change could not be saved: check your connection and try again" };
      }
      if (ok && answer.photos) return show(answer.photos);
      setActionError(answer.error ?? "The change could not be saved: please try again");
      show(answer.photos ?? before);
    });
  };

  const move = (key: string, to: number, viaKeyboard = false) => {
    const before = photosRef.current;
    const from = before.findIndex((p) => p.key === key);
    if (from === -1 || to < 0 || to >= before.length || to === from) return;
    setActionError(undefined);
    setShowUrlMessages(false);
    if (viaKeyboard) focusKey.current = key;
    show(movePhoto(before, key, to));
    setAnnouncement(to === 0 ? `Photo ${from + 1} moved to position 1: it is now the cover` : `Photo ${from + 1} moved to position ${to + 1}`);
    const data = new FormData();
    data.set("intent", "move");
    data.set("key", key);
    data.set("to", String(to));
    send(data, before);
  };

  const onActionSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const intent = data.get("intent");
    const key = String(data.get("key") ?? "");
    const before = photosRef.current;
    const index = before.findIndex((p) => p.key === key);
    if (index === -1) return;
    if (intent === "move") return move(key, Number(data.get("to")));
    setActionError(undefined);
    setShowUrlMessages(false);
    if (intent === "cover") {
      show(movePhoto(before, key, 0));
      setAnnouncement(`Photo ${index + 1} is now the cover`);
    } else if (intent === "delete") {
      const next = before.filter((p) => p.key !== key);
      show(next);
      setAnnouncement(`Photo ${index + 1} deleted: ${next.length} of ${PHOTO_RULES.maxPhotos} photos`);
      const neighbour = next[Math.min(index, next.length - 1)];
      focusKey.current = neighbour?.key;
    }
    send(data, before);
  };

  const onTileKeyDown = (event: KeyboardEvent<HTMLLIElement>, key: string, index: number) => {
    if (event.target !== event.currentTarget) return;
    const last = photosRef.current.length - 1;
    const to = { ArrowLeft: index - 1, ArrowUp: index - 1, ArrowRight: index + 1, ArrowDown: index + 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(key, Math.max(0, Math.min(last, to)), true);
  };

  const isFileDrag = (event: DragEvent) => event.dataTransfer.types.includes("Files");

  const zoneHandlers = hydrated
    ? {
        onDragOver: (event: DragEvent<HTMLElement>) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setFileDragOver(true);
        },
        onDragLeave: (event: DragEvent<HTMLElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFileDragOver(false);
        },
        onDrop: (event: DragEvent<HTMLElement>) => {
          setFileDragOver(false);
          if (!isFileDrag(event)) return;
          event.preventDefault();
          addFiles(event.dataTransfer.files);
        },
      }
    : {};

  const tileDragHandlers = (key: string, index: number) =>
    hydrated
      ? {
          draggable: true,
          onDragStart: (event: DragEvent<HTMLLIElement>) => {
            draggedKey.current = key;
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", `Photo ${index + 1}`);
          },
          onDragOver: (event: DragEvent<HTMLLIElement>) => {
            if (!draggedKey.current) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = "move";
            setDropTarget(index);
          },
          onDrop: (event: DragEvent<HTMLLIElement>) => {
            if (!draggedKey.current) return;
            event.preventDefault();
            event.stopPropagation();
            move(draggedKey.current, index);
          },
          onDragEnd: () => {
            draggedKey.current = undefined;
            setDropTarget(undefined);
          },
        }
      : {};

  const added = Number(searchParams.get("photos_added") ?? 0);
  const urlError = searchParams.get("photos_error");
  const count = photos.length;
  const full = count >= PHOTO_RULES.maxPhotos;
  const hidden = useMemo(() => ({ draft: String(draftId), returnTo }), [draftId, returnTo]);

  return (
    <section aria-labelledby="photo-manager-title" className="space-y-4" {...zoneHandlers}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="photo-manager-title" className="text-lg font-bold text-slate-900 dark:text-slate-100">
          Photos
        </h2>
        <p className="text-sm font-semibold tabular-nums text-slate-700 dark:text-slate-300">
          {count} of {PHOTO_RULES.maxPhotos} photos
        </p>
      </div>
      <p id="photo-manager-hint" className="text-sm text-slate-600 dark:text-slate-400">
        The first photo is the cover of your ad. Up to {PHOTO_RULES.maxPhotos} photos, JPEG, PNG or WebP, 15 MB each.{" "}
        {hydrated
          ? "To change the order, drag a photo, use its arrows, or select it and press the arrow keys."
          : "Use the arrows to change the order."}
      </p>

      {showUrlMessages && urlError ? <Notice tone="error">{urlError}</Notice> : null}
      {showUrlMessages && added > 0 ? (
        <Notice tone="success">{added === 1 ? "1 photo added." : `${added} photos added.`}</Notice>
      ) : null}
      {actionError ? <Notice tone="error">{actionError}</Notice> : null}

      <form
        method="post"
        action={DRAFT_PHOTOS_PATH}
        encType="multipart/form-data"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          const input = event.currentTarget.elements.namedItem("photo") as HTMLInputElement | null;
          addFiles(input?.files ?? null);
          if (input) input.value = "";
        }}
        className={
          hydrated
            ? `rounded-[var(--radius-card)] border-2 border-dashed p-5 text-center transition-colors ${fileDragOver ? "border-primary-500 bg-primary-50 dark:bg-primary-950/40" : "border-slate-300 dark:border-slate-700"}`
            : "card space-y-3 p-4"
        }
      >
        <HiddenFields fields={{ ...hidden, intent: "upload" }} />
        {hydrated ? (
          <label
            htmlFor="photo-manager-files"
            className={`btn-primary cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-500 has-[:focus-visible]:ring-offset-2 ${full ? "pointer-events-none opacity-60" : ""}`}
          >
            <ImagePlus aria-hidden="true" className="size-5" strokeWidth={1.75} />
            <span>Add photos</span>
            <input
              id="photo-manager-files"
              type="file"
              name="photo"
              multiple
              accept={ACCEPT}
              disabled={full}
              aria-describedby="photo-manager-hint"
              className="sr-only"
              onChange={(event) => {
                addFiles(event.currentTarget.files);
                event.currentTarget.value = "";
              }}
            />
          </label>
        ) : (
          <>
            <label htmlFor="photo-manager-files" className="block text-sm font-semibold text-slate-900 dark:text-slate-100">
              Choose photos
            </label>
            <input
              id="photo-manager-files"
              type="file"
              name="photo"
              multiple
              accept={ACCEPT}
              aria-describedby="photo-manager-hint"
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-[var(--radius-control)] file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold dark:text-slate-300 dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-100"
            />
            <button type="submit" className="btn-primary w-full sm:w-auto">
              Upload
            </button>
          </>
        )}
        {hydrated ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{full ? "You have 20 photos: delete one to add another." : "or drop photos here"}</p>
        ) : null}
      </form>

      {count === 0 && uploads.length === 0 ? (
        <p className="rounded-[var(--radius-card)] bg-slate-50 p-6 text-center text-sm text-slate-600 dark:bg-slate-900 dark:text-slate-400">
          No photos yet. Ads with several clear photos (front, back, sides, inside, dashboard) get many more replies.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Your photos, cover first">
          {photos.map((photo, index) => (
            <li
              key={photo.key}
              ref={(element) => {
                if (element) tiles.current.set(photo.key, element);
                else tiles.current.delete(photo.key);
              }}
              tabIndex={hydrated ? 0 : undefined}
              aria-label={`Photo ${index + 1} of ${count}${index === 0 ? ", cover" : ""}`}
              aria-describedby={hydrated ? "photo-manager-hint" : undefined}
              onKeyDown={hydrated ? (event) => onTileKeyDown(event, photo.key, index) : undefined}
              className={`card overflow-hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2 ${dropTarget === index ? "ring-2 ring-primary-500" : ""} ${hydrated ? "cursor-grab active:cursor-grabbing" : ""}`}
              {...tileDragHandlers(photo.key, index)}
            >
              <div className="relative aspect-[4/3] bg-slate-100 dark:bg-slate-800">
                <img
                  src={photoUrl(photo.key, 320)}
                  srcSet={photoSrcSet(photo.key, 640)}
                  sizes="(min-width: 1024px) 18rem, (min-width: 640px) 30vw, 45vw"
                  width={320}
                  height={240}
                  alt={`Photo ${index + 1}`}
                  draggable={false}
                  className="size-full object-cover"
                />
                {index === 0 ? (
                  <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-slate-900">
                    <Star aria-hidden="true" className="size-3.5" strokeWidth={2} />
                    Cover
                  </span>
                ) : null}
                <span className="absolute right-2 bottom-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
                  {index + 1}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-1 p-2">
                <PhotoActionForm fields={{ ...hidden, intent: "move", key: photo.key }} onSubmit={onActionSubmit}>
                  <IconButton name="to" value={String(index - 1)} disabled={index === 0} label={`Move photo ${index + 1} left`}>
                    <ArrowLeft aria-hidden="true" className="size-5" strokeWidth={1.75} />
                  </IconButton>
                  <IconButton name="to" value={String(index + 1)} disabled={index === count - 1} label={`Move photo ${index + 1} right`}>
                    <ArrowRight aria-hidden="true" className="size-5" strokeWidth={1.75} />
                  </IconButton>
                </PhotoActionForm>
                <PhotoActionForm fields={{ ...hidden, intent: "delete", key: photo.key }} onSubmit={onActionSubmit} className="ml-auto">
                  <IconButton label={`Delete photo ${index + 1}`} danger>
                    <Trash2 aria-hidden="true" className="size-5" strokeWidth={1.75} />
                  </IconButton>
                </PhotoActionForm>
                {index > 0 ? (
                  <PhotoActionForm fields={{ ...hidden, intent: "cover", key: photo.key }} onSubmit={onActionSubmit} className="basis-full">
                    <button
                      type="submit"
                      aria-label={`Make photo ${index + 1} the cover`}
                      className="btn-secondary min-h-10 w-full px-2 py-1.5 text-xs"
                    >
                      Make cover
                    </button>
                  </PhotoActionForm>
                ) : (
                  <p className="flex min-h-10 basis-full items-center justify-center text-xs font-semibold text-slate-600 dark:text-slate-400">
                    Cover photo
                  </p>
                )}
              </div>
            </li>
          ))}
          {uploads.map((upload) => (
            <UploadTile key={`upload-${upload.id}`} upload={upload} onRetry={() => queue().retry(upload.id)} onDismiss={() => queue().dismiss(upload.id)} />
          ))}
        </ul>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
