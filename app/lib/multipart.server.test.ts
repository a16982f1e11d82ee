import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { MultipartError, type MultipartLimits, type MultipartPart, readMultipart } from "./multipart.server";

// Bodies encoded by the platform's own FormData, fed to the reader in chunks of every size, so a
// delimiter split across two reads is met.
const limits: MultipartLimits = { maxFileBytes: 64 * 1024, maxFiles: 3, maxTotalBytes: 1024 * 1024 };

async function encoded(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const response = new Response(form);
  return { body: new Uint8Array(await response.arrayBuffer()), contentType: response.headers.get("content-type")! };
}

/** A request whose body is sent in chunks, with how far it was read and whether it was cancelled. */
function watched(body: Uint8Array, contentType: string, chunkSize: number, headers: Record<string, string> = {}) {
  const progress = { sent: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (progress.sent >= body.length) return controller.close();
      controller.enqueue(body.slice(progress.sent, progress.sent + chunkSize));
      progress.sent += chunkSize;
    },
    cancel() {
      progress.cancelled = true;
    },
  });
  const init = { method: "POST", body: stream, headers: { "content-type": contentType, ...headers }, duplex: "half" };
  return { request: new Request("http://localhost/upload", init as RequestInit), progress };
}

const requestOf = (...args: Parameters<typeof watched>): Request => watched(...args).request;

async function partsOf(request: Request, options = limits): Promise<MultipartPart[]> {
  const parts: MultipartPart[] = [];
  for await (const part of readMultipart(request, options)) parts.push(part);
  return parts;
}

async function failure(run: Promise<unknown>): Promise<MultipartError> {
  try {
    await run;
  } catch (error) {
    if (error instanceof MultipartError) return error;
    throw error;
  }
  throw new Error("the body was accepted");
}

// Bytes that look like the inside of a multipart body, to make sure only the real boundary ends a part.
const tricky = Buffer.concat([Buffer.from("\r\n--\r\n\r\n--formdata-"), crypto.randomBytes(20_000), Buffer.from("\r\n-")]);

describe("a multipart body read as a stream", () => {
  for (const chunkSize of [1, 7, 1000, 65_536]) {
    it(`gives fields and files in order, byte for byte (chunks of ${chunkSize})`, async () => {
      const form = new FormData();
      form.append("draft", "12");
      form.append("intent", "upload");
      form.append("photo", new Blob([tricky]), "car.jpg");
      form.append("photo", new Blob([Buffer.from("second")], { type: "image/png" }), "two.png");
      form.append("returnTo", "/poster-une-annonce/12/photos?x=é");
      const { body, contentType } = await encoded(form);
      const parts = await partsOf(requestOf(body, contentType, chunkSize));
      expect(parts.map((p) => [p.kind, p.name])).toEqual([
        ["field", "draft"],
        ["field", "intent"],
        ["file", "photo"],
        ["file", "photo"],
        ["field", "returnTo"],
      ]);
      const [, , first, second, back] = parts;
      expect(first).toMatchObject({ filename: "car.jpg", tooLarge: false });
      expect(Buffer.compare((first as { bytes: Buffer }).bytes, tricky)).toBe(0);
      expect(second).toMatchObject({ filename: "two.png", contentType: "image/png", tooLarge: false });
      expect((second as { bytes: Buffer }).bytes.toString()).toBe("second");
      expect(back).toEqual({ kind: "field", name: "returnTo", value: "/poster-une-annonce/12/photos?x=é" });
    });
  }

  it("drops the bytes of a file past its cap, marks it, and reads on", async () => {
    const form = new FormData();
    form.append("photo", new Blob([crypto.randomBytes(limits.maxFileBytes + 1)]), "big.jpg");
    form.append("photo", new Blob([Buffer.from("small")]), "small.jpg");
    const { body, contentType } = await encoded(form);
    const parts = await partsOf(requestOf(body, contentType, 4096));
    expect(parts.map((p) => p.kind === "file" && [p.filename, p.tooLarge, p.bytes.length])).toEqual([
      ["big.jpg", true, 0],
      ["small.jpg", false, 5],
    ]);
  });

  it("refuses a body past its cap with a 413, declared or not", async () => {
    const form = new FormData();
    form.append("photo", new Blob([crypto.randomBytes(40_000)]), "a.jpg");
    const { body, contentType } = await encoded(form);
    const small = { ...limits, maxTotalBytes: 30_000 };
    const undeclared = watched(body, contentType, 4096);
    expect((await failure(partsOf(undeclared.request, small))).status).toBe(413);
    // Not read on past the cap.
    expect(undeclared.progress.cancelled).toBe(true);
    expect((await failure(partsOf(requestOf(body, contentType, 4096, { "content-length": String(body.length) }), small))).status).toBe(413);
  });

  it("refuses more files than allowed with a 413", async () => {
    const form = new FormData();
    for (let i = 0; i < 4; i += 1) form.append("photo", new Blob([Buffer.from(`file ${i}`)]), `${i}.jpg`);
    const { body, contentType } = await encoded(form);
    const error = await failure(partsOf(requestOf(body, contentType, 512)));
    expect(error.status).toBe(413);
    expect(error.message).toBe("At most 3 photos can be sent at once.");
  });

  it("refuses a body that is not multipart, cut short or broken off, with a 400", async () => {
    const form = new FormData();
    form.append("photo", new Blob([crypto.randomBytes(3000)]), "a.jpg");
    const { body, contentType } = await encoded(form);
    expect((await failure(partsOf(requestOf(body.slice(0, 2000), contentType, 512)))).status).toBe(400);
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body.slice(0, 2000));
        controller.error(new TypeError("terminated"));
      },
    });
    const brokenOff = new Request("http://localhost/upload", { method: "POST", body: broken, headers: { "content-type": contentType }, duplex: "half" } as RequestInit);
    expect((await failure(partsOf(brokenOff))).status).toBe(400);
    expect((await failure(partsOf(requestOf(body, "application/x-www-form-urlencoded", 512)))).status).toBe(400);
    expect((await failure(partsOf(requestOf(Buffer.from("no delimiter here"), contentType, 512)))).status).toBe(400);
  });

  it("refuses a multipart content type without a boundary, or not form-data, with a 400", async () => {
    const form = new FormData();
    form.append("draft", "12");
    const { body, contentType } = await encoded(form);
    expect((await failure(partsOf(requestOf(body, "multipart/form-data", 512)))).status).toBe(400);
    expect((await failure(partsOf(requestOf(body, contentType.replace("form-data", "mixed"), 512)))).status).toBe(400);
  });

  it("keeps a file of exactly its cap, and an empty file input as a nameless empty file", async () => {
    const form = new FormData();
    form.append("photo", new Blob([crypto.randomBytes(limits.maxFileBytes)]), "exact.jpg");
    form.append("photo", new Blob([]), "");
    const { body, contentType } = await encoded(form);
    const parts = await partsOf(requestOf(body, contentType, 4096));
    expect(parts.map((p) => p.kind === "file" && [p.filename, p.tooLarge, p.bytes.length])).toEqual([
      ["exact.jpg", false, limits.maxFileBytes],
      ["", false, 0],
    ]);
  });

  it("refuses a field past its cap with a 413, and more fields than allowed with a 400", async () => {
    const long = new FormData();
    long.append("returnTo", "x".repeat(101));
    const encodedLong = await encoded(long);
    const error = await failure(partsOf(requestOf(encodedLong.body, encodedLong.contentType, 64), { ...limits, maxFieldBytes: 100 }));
    expect([error.status, error.message]).toEqual([413, "A field of the form is too long."]);
    const many = new FormData();
    for (let i = 0; i < 4; i += 1) many.append(`field${i}`, "x");
    const encodedMany = await encoded(many);
    expect((await failure(partsOf(requestOf(encodedMany.body, encodedMany.contentType, 64), { ...limits, maxFields: 3 }))).status).toBe(400);
  });

  it("reads the next file only when the caller asks for it", async () => {
    const form = new FormData();
    form.append("photo", new Blob([crypto.randomBytes(100_000)]), "one.jpg");
    form.append("photo", new Blob([crypto.randomBytes(100_000)]), "two.jpg");
    const { body, contentType } = await encoded(form);
    const { request, progress } = watched(body, contentType, 4096);
    const parts = readMultipart(request, limits);
    expect((await parts.next()).value).toMatchObject({ filename: "one.jpg" });
    // The first file and a few chunks past it: not the second file.
    expect(progress.sent).toBeLessThan(120_000);
    expect((await parts.next()).value).toMatchObject({ filename: "two.jpg" });
    expect((await parts.next()).done).toBe(true);
  });

  it("takes as many fields and files as allowed", async () => {
    const form = new FormData();
    for (let i = 0; i < 20; i += 1) form.append(`field${i}`, "x");
    for (let i = 0; i < 3; i += 1) form.append("photo", new Blob([Buffer.from(`file ${i}`)]), `${i}.jpg`);
    const { body, contentType } = await encoded(form);
    expect(await partsOf(requestOf(body, contentType, 512))).toHaveLength(23);
  });

  it("reads and drops the rest of the body when the caller stops early", async () => {
    const form = new FormData();
    form.append("draft", "12");
    form.append("photo", new Blob([crypto.randomBytes(200_000)]), "a.jpg");
    const { body, contentType } = await encoded(form);
    const { request, progress } = watched(body, contentType, 4096);
    const parts = readMultipart(request, limits);
    expect((await parts.next()).value).toEqual({ kind: "field", name: "draft", value: "12" });
    expect(progress.sent).toBeLessThan(body.length);
    await parts.return(undefined);
    // Read to its end, not cancelled (the browser would see the connection reset).
    expect([progress.sent >= body.length, progress.cancelled]).toEqual([true, false]);
  });
});
