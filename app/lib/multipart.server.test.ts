import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { MultipartError, type MultipartLimits, type MultipartPart, multipartBoundary, readMultipart } from "./multipart.server";

// Bodies encoded by the platform's own FormData, fed to the reader in chunks of every size, so a
// delimiter split across two reads is met.
const limits: MultipartLimits = { maxFileBytes: 64 * 1024, maxFiles: 3, maxTotalBytes: 1024 * 1024 };

async function encoded(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const response = new Response(form);
  return { body: new Uint8Array(await response.arrayBuffer()), contentType: response.headers.get("content-type")! };
}

function requestOf(body: Uint8Array, contentType: string, chunkSize: number, headers: Record<string, string> = {}): Request {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(body.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
  return new Request("http://localhost/upload", { method: "POST", body: stream, headers: { "content-type": contentType, ...headers }, duplex: "half" } as RequestInit);
}

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
    expect((await failure(partsOf(requestOf(body, contentType, 4096), small))).status).toBe(413);
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

  it("refuses a body that is not multipart, or cut short, with a 400", async () => {
    const form = new FormData();
    form.append("photo", new Blob([crypto.randomBytes(3000)]), "a.jpg");
    const { body, contentType } = await encoded(form);
    expect((await failure(partsOf(requestOf(body.slice(0, 2000), contentType, 512)))).status).toBe(400);
    expect((await failure(partsOf(requestOf(body, "application/x-www-form-urlencoded", 512)))).status).toBe(400);
    expect((await failure(partsOf(requestOf(Buffer.from("no delimiter here"), contentType, 512)))).status).toBe(400);
  });

  it("reads the boundary of a content type, quoted or not", () => {
    expect(multipartBoundary("multipart/form-data; boundary=----abc123")).toBe("----abc123");
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/mixed; boundary=x")).toBeUndefined();
    expect(multipartBoundary("multipart/form-data")).toBeUndefined();
    expect(multipartBoundary(null)).toBeUndefined();
  });
});
