// A multipart/form-data body read as a stream by busboy, part after part: a file is held in memory
// only until the caller has dealt with it and asks for the next part, so a form with twenty photos
// never sits whole in memory (request.formData() would buffer all of it first). Every size is
// capped: a file past its cap is dropped and handed over marked `tooLarge`; the body as a whole,
// the number of files, the fields and the parts have hard limits (a 413 or a 400).
import busboy from "busboy";

export interface MultipartLimits {
  /** Bytes of one file; past it the file's bytes are dropped and it is marked tooLarge. */
  maxFileBytes: number;
  maxFiles: number;
  /** Bytes of the whole body (a 413 past it). */
  maxTotalBytes: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

export type MultipartPart =
  | { kind: "field"; name: string; value: string }
  | { kind: "file"; name: string; filename: string; contentType: string; bytes: Buffer; tooLarge: boolean };

export class MultipartError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

const unreadable = () => new MultipartError("The form could not be read.", 400);
const tooLargeBody = () => new MultipartError("The photos sent at once are too large.", 413);

/**
 * Reads and drops the rest of a body the caller stopped reading early (a visitor, someone else's
 * draft), within the total cap, so the answer reaches the browser: cancelling the stream would
 * close the connection under it and the browser would see a reset.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, room: number): Promise<void> {
  try {
    for (let left = room; ; ) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.byteLength;
      if (left < 0) return await reader.cancel();
    }
  } catch {
    // The client went away: nothing to answer.
  }
}

/** The parts of a multipart/form-data request, in order, each complete when yielded. */
export async function* readMultipart(request: Request, limits: MultipartLimits): AsyncGenerator<MultipartPart> {
  const contentType = request.headers.get("content-type") ?? "";
  // busboy would read a urlencoded body too: only multipart is wanted here.
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw unreadable();
  if (Number(request.headers.get("content-length") ?? "0") > limits.maxTotalBytes) throw tooLargeBody();
  if (!request.body) throw unreadable();

  const maxFields = limits.maxFields ?? 20;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send names in UTF-8; busboy's default for them is latin1.
      defParamCharset: "utf8",
      // busboy counts a size or the parts as over once they reach the cap (files and fields once past
      // it): one more lets a file, a field or a form of exactly the cap through.
      limits: {
        fileSize: limits.maxFileBytes + 1,
        fieldSize: (limits.maxFieldBytes ?? 4 * 1024) + 1,
        files: limits.maxFiles,
        fields: maxFields,
        parts: limits.maxFiles + maxFields + 1,
      },
    });
  } catch {
    throw unreadable(); // no boundary
  }

  // Parts in the order they came; a file's slot is filled once its last byte has been read.
  const queue: { part?: MultipartPart }[] = [];
  let failure: MultipartError | undefined;
  const fail = (error: MultipartError) => (failure ??= error);
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(new MultipartError("A field of the form is too long.", 413));
    else queue.push({ part: { kind: "field", name, value } });
  });
  parser.on("file", (name, stream, info) => {
    const slot: { part?: MultipartPart } = {};
    queue.push(slot);
    let chunks: Buffer[] = [];
    let tooLarge = false;
    stream.on("data", (chunk: Buffer) => {
      if (!tooLarge) chunks.push(chunk);
    });
    stream.on("limit", () => {
      tooLarge = true;
      chunks = [];
    });
    stream.on("end", () => {
      // busboy gives an empty file input (filename="") no filename at all.
      const filename = info.filename ?? "";
      slot.part = { kind: "file", name, filename, contentType: info.mimeType, bytes: Buffer.concat(chunks), tooLarge };
      chunks = [];
    });
    stream.on("error", () => fail(unreadable()));
  });
  parser.on("filesLimit", () => fail(new MultipartError(`At most ${limits.maxFiles} photos can be sent at once.`, 413)));
  parser.on("fieldsLimit", () => fail(unreadable()));
  parser.on("partsLimit", () => fail(unreadable()));
  parser.on("error", () => fail(unreadable()));

  const reader = request.body.getReader();
  let total = 0;
  let bodyEnded = false;
  try {
    for (;;) {
      while (queue[0]?.part) yield queue.shift()!.part!;
      if (failure) throw failure;
      if (bodyEnded) return;
      // The next chunk is read only when the caller wants a part that is not complete yet.
      // A body that breaks off (the client went away) is the client's fault, not the server's.
      const { done, value } = await reader.read().catch(() => Promise.reject(unreadable()));
      if (done) {
        bodyEnded = true;
        // busboy finishes only after every file's end: all slots are filled (or it failed).
        await new Promise((resolve) => parser.end(resolve));
      } else {
        total += value.byteLength;
        if (total > limits.maxTotalBytes) throw tooLargeBody();
        await new Promise((resolve) => parser.write(value, resolve));
      }
      // busboy's events (a file's end, an error) come on later ticks: let them land before going on.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    // A body past its limits or broken: no point reading the rest (the connection is dropped).
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    parser.destroy();
    // After the whole body or a cancel there is nothing left to read and this returns at once.
    await drain(reader, limits.maxTotalBytes - total);
  }
}
