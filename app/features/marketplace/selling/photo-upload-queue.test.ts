import { describe, expect, it } from "vitest";
import type { DraftPhoto } from "../../../../db/schema/marketplace";
import { PHOTO_MESSAGES } from "./photo-rules";
import { createUploadQueue, type PhotoUpload, type SendResult } from "./photo-upload-queue";

// The browser's upload queue with a stand-in for the network: each send waits until the test
// answers it, so what runs at once, what is refused and what is retried can be watched.
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const jpegFile = (name: string) => new File([new Uint8Array([...JPEG_HEAD, ...new Array(64).fill(1)])], name, { type: "image/jpeg" });

function harness(photoCount = 0) {
  const photos: DraftPhoto[] = Array.from({ length: photoCount }, (_, i) => ({ key: `ads/old${i}`, width: 1280, height: 960 }));
  const pending: { name: string; answer: (result: SendResult) => void }[] = [];
  let uploads: PhotoUpload[] = [];
  const queue = createUploadQueue({
    concurrency: 2,
    photoCount: () => photos.length,
    send: (file) => new Promise((answer) => pending.push({ name: file.name, answer })),
    onChange: (next) => (uploads = next),
    onStored: (next) => photos.splice(0, photos.length, ...next),
  });
  const stored = (name: string): SendResult => ({ ok: true, photos: [...photos, { key: `ads/${name}`, width: 1280, height: 960 }] });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { queue, pending, photos, stored, settle, uploads: () => uploads };
}

describe("the photo upload queue", () => {
  it("sends a few at a time, drops each from the list once stored, and starts the next", async () => {
    const h = harness();
    await h.queue.add([jpegFile("a.jpg"), jpegFile("b.jpg"), jpegFile("c.jpg")]);
    expect(h.pending.map((p) => p.name)).toEqual(["a.jpg", "b.jpg"]);
    expect(h.uploads().map((u) => u.status)).toEqual(["uploading", "uploading", "queued"]);
    h.pending[0]!.answer(h.stored("a"));
    await h.settle();
    expect(h.pending.map((p) => p.name)).toEqual(["a.jpg", "b.jpg", "c.jpg"]);
    expect(h.uploads().map((u) => u.name)).toEqual(["b.jpg", "c.jpg"]);
    expect(h.photos.map((p) => p.key)).toEqual(["ads/a"]);
  });

  it("refuses in the browser what is not a photo, with the server's message and no retry", async () => {
    const h = harness();
    await h.queue.add([new File(["plain text"], "notes.jpg", { type: "image/jpeg" })]);
    expect(h.pending).toHaveLength(0);
    expect(h.uploads()).toMatchObject([{ name: "notes.jpg", status: "failed", error: PHOTO_MESSAGES.notAPhoto, retryable: false }]);
  });

  it("counts the photos on their way against the 20", async () => {
    const h = harness(18);
    await h.queue.add([jpegFile("a.jpg"), jpegFile("b.jpg"), jpegFile("c.jpg")]);
    expect(h.uploads().map((u) => [u.name, u.status, u.error])).toEqual([
      ["a.jpg", "uploading", undefined],
      ["b.jpg", "uploading", undefined],
      ["c.jpg", "failed", PHOTO_MESSAGES.tooMany],
    ]);
  });

  it("keeps a failed upload with its message until it is retried, then sends it again", async () => {
    const h = harness();
    await h.queue.add([jpegFile("a.jpg")]);
    h.pending[0]!.answer({ ok: false, error: "The photo could not be sent: check your connection and try again" });
    await h.settle();
    const [failed] = h.uploads();
    expect(failed).toMatchObject({ status: "failed", retryable: true });
    h.queue.retry(failed!.id);
    expect(h.pending).toHaveLength(2);
    h.pending[1]!.answer(h.stored("a"));
    await h.settle();
    expect(h.uploads()).toEqual([]);
    expect(h.photos).toHaveLength(1);
  });
});
