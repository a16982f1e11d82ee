import type { DraftPhoto } from "../../../../db/schema/marketplace";
import { PHOTO_MESSAGES, PHOTO_RULES, photoFileProblem } from "./photo-rules";

// The browser's side of photo uploads: each chosen file is checked at once (type from its first
// bytes, weight) with the server's own messages, then sent alone in its own request, a few at a
// time, so each has its own progress and a failed one can be retried without resending the others.

type UploadStatus = "checking" | "queued" | "uploading" | "failed";

export interface PhotoUpload {
  id: number;
  name: string;
  status: UploadStatus;
  /** 0 to 1 while the bytes are sent. */
  progress: number;
  error?: string;
  /** False when sending it again cannot help (not a photo, too heavy, no room). */
  retryable: boolean;
}

export type SendResult = { ok: true; photos: DraftPhoto[] } | { ok: false; error: string; photos?: DraftPhoto[] };
type SendPhoto = (file: File, onProgress: (fraction: number) => void) => Promise<SendResult>;

interface UploadQueueOptions {
  concurrency: number;
  send: SendPhoto;
  /** The photos already in the draft, for the 20-photo room. */
  photoCount: () => number;
  onChange: (uploads: PhotoUpload[]) => void;
  /** A file was stored: the draft's photos as the server now has them. */
  onStored: (photos: DraftPhoto[]) => void;
}

/** The type and weight check of one file, from its first bytes. */
async function checkPhotoFile(file: Blob): Promise<string | undefined> {
  if (file.size > PHOTO_RULES.maxBytes) return PHOTO_MESSAGES.tooHeavy;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return photoFileProblem(head, file.size);
}

export function createUploadQueue(options: UploadQueueOptions) {
  let nextId = 1;
  const entries: { upload: PhotoUpload; file: File }[] = [];
  const publish = () => options.onChange(entries.map((e) => ({ ...e.upload })));
  const update = (id: number, patch: Partial<PhotoUpload>) => {
    const entry = entries.find((e) => e.upload.id === id);
    if (entry) Object.assign(entry.upload, patch);
    publish();
  };
  // Files on their way count against the 20, so choosing 25 at once fails the last 5 at once.
  const accepted = () => entries.filter((e) => e.upload.status === "queued" || e.upload.status === "uploading").length;

  function pump() {
    let active = entries.filter((e) => e.upload.status === "uploading").length;
    for (const entry of entries) {
      if (active >= options.concurrency) break;
      if (entry.upload.status !== "queued") continue;
      active += 1;
      void sendOne(entry);
    }
  }

  async function sendOne(entry: { upload: PhotoUpload; file: File }) {
    const { id } = entry.upload;
    update(id, { status: "uploading", progress: 0, error: undefined });
    let result: SendResult;
    try {
      result = await options.send(entry.file, (progress) => update(id, { progress }));
    } catch {
      result = { ok: false, error: "The photo could not be sent: check your connection and try again" };
    }
    if (result.ok) {
      entries.splice(
        entries.findIndex((e) => e.upload.id === id),
        1,
      );
      options.onStored(result.photos);
      publish();
    } else {
      if (result.photos) options.onStored(result.photos);
      update(id, { status: "failed", error: result.error, retryable: result.error !== PHOTO_MESSAGES.notAPhoto && result.error !== PHOTO_MESSAGES.heic });
    }
    pump();
  }

  return {
    /** Checks each file and queues the good ones; the others show their message at once. */
    async add(files: readonly File[]) {
      const added = files.map((file) => {
        const entry = { file, upload: { id: nextId++, name: file.name, status: "checking" as UploadStatus, progress: 0, retryable: false } };
        entries.push(entry);
        return entry;
      });
      publish();
      for (const entry of added) {
        const problem = await checkPhotoFile(entry.file);
        const full = options.photoCount() + accepted() >= PHOTO_RULES.maxPhotos;
        if (problem || full) Object.assign(entry.upload, { status: "failed", error: problem ?? PHOTO_MESSAGES.tooMany });
        else entry.upload.status = "queued";
      }
      publish();
      pump();
    },
    retry(id: number) {
      const entry = entries.find((e) => e.upload.id === id);
      if (!entry || entry.upload.status !== "failed") return;
      if (options.photoCount() + accepted() >= PHOTO_RULES.maxPhotos) {
        update(id, { error: PHOTO_MESSAGES.tooMany });
        return;
      }
      update(id, { status: "queued", progress: 0, error: undefined });
      pump();
    },
    dismiss(id: number) {
      const index = entries.findIndex((e) => e.upload.id === id && e.upload.status === "failed");
      if (index !== -1) entries.splice(index, 1);
      publish();
    },
    file: (id: number) => entries.find((e) => e.upload.id === id)?.file,
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;

/** Sends one photo with XMLHttpRequest (fetch cannot report upload progress) and reads the JSON answer. */
export function sendPhotoRequest(endpoint: string, fields: Record<string, string>): SendPhoto {
  return (file, onProgress) =>
    new Promise((resolve) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append("photo", file, file.name);
      const xhr = new XMLHttpRequest();
      xhr.open("POST", endpoint);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.responseType = "json";
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      const offline = "The photo could not be sent: check your connection and try again";
      xhr.onerror = () => resolve({ ok: false, error: offline });
      xhr.ontimeout = () => resolve({ ok: false, error: offline });
      xhr.onload = () => {
        const answer = (xhr.response ?? {}) as { photos?: DraftPhoto[]; error?: string };
        if (xhr.status === 200 && Array.isArray(answer.photos)) resolve({ ok: true, photos: answer.photos });
        else resolve({ ok: false, error: answer.error ?? "The photo could not be added: please try again", photos: answer.photos });
      };
      xhr.send(body);
    });
}
