// A multipart/form-data body read as a stream, part after part: a file is held in memory only
// until the caller has dealt with it and asks for the next part, so a form with twenty photos never
// sits whole in memory (request.formData() would buffer all of it first). Every size is capped:
// a file past its cap is drained and handed over marked `tooLarge`, the body as a whole, the
// number of files, the fields and the part headers have hard limits (a 413 or a 400).

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

const MAX_HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

/** The boundary of a multipart/form-data content type, or undefined. */
export function multipartBoundary(contentType: string | null): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

function dispositionOf(headers: string): { name: string; filename?: string; contentType: string } | undefined {
  let disposition: string | undefined;
  let contentType = "application/octet-stream";
  for (const line of headers.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-disposition") disposition = value;
    else if (header === "content-type") contentType = value;
  }
  if (!disposition || !/^form-data\b/i.test(disposition)) return undefined;
  const param = (key: string) => {
    const match = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(disposition!) ?? new RegExp(`;\\s*${key}=([^;\\s]*)`, "i").exec(disposition!);
    return match ? match[1]!.replace(/\\(.)/g, "$1") : undefined;
  };
  const name = param("name");
  if (name === undefined) return undefined;
  return { name, filename: param("filename"), contentType };
}

/** The parts of a multipart/form-data request, in order, each complete when yielded. */
export async function* readMultipart(request: Request, limits: MultipartLimits): AsyncGenerator<MultipartPart> {
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary) throw new MultipartError("The form could not be read.", 400);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limits.maxTotalBytes) throw new MultipartError("The photos sent at once are too large.", 413);
  if (!request.body) throw new MultipartError("The form could not be read.", 400);

  const maxFields = limits.maxFields ?? 20;
  const maxFieldBytes = limits.maxFieldBytes ?? 4 * 1024;
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = request.body.getReader();
  // The body starts with the first delimiter without its CRLF: one is put in front so every
  // delimiter looks alike.
  let buffer: Buffer = Buffer.from(CRLF);
  let total = 0;
  let ended = false;
  let files = 0;
  let fields = 0;

  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    total += value.byteLength;
    if (total > limits.maxTotalBytes) throw new MultipartError("The photos sent at once are too large.", 413);
    buffer = buffer.length ? Buffer.concat([buffer, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    return true;
  };
  const malformed = () => new MultipartError("The form could not be read.", 400);
  let failed = false;
  // The caller stopped early (a visitor, someone else's draft): the rest of the body is read and
  // dropped, within the same total cap, so the answer reaches the browser (cancelling the stream
  // would close the connection under it).
  const drain = async () => {
    try {
      while (!ended) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > limits.maxTotalBytes) {
          await reader.cancel();
          break;
        }
      }
    } catch {
      // The client went away: nothing to answer.
    }
  };

  try {
    // Preamble: anything before the first delimiter is ignored.
    for (;;) {
      const at = buffer.indexOf(delimiter);
      if (at !== -1) {
        buffer = buffer.subarray(at + delimiter.length);
        break;
      }
      if (buffer.length > MAX_HEADER_BYTES) throw malformed();
      if (!(await more())) throw malformed();
    }
    for (;;) {
      // After a delimiter: "--" closes the body, CRLF opens a part.
      while (buffer.length < 2) if (!(await more())) throw malformed();
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) return;
      if (buffer[0] !== 0x0d || buffer[1] !== 0x0a) throw malformed();
      buffer = buffer.subarray(2);

      let headersEnd: number;
      while ((headersEnd = buffer.indexOf(HEADERS_END)) === -1) {
        if (buffer.length > MAX_HEADER_BYTES || !(await more())) throw malformed();
      }
      const part = dispositionOf(buffer.subarray(0, headersEnd).toString("utf8"));
      if (!part) throw malformed();
      buffer = buffer.subarray(headersEnd + HEADERS_END.length);

      const isFile = part.filename !== undefined;
      if (isFile && ++files > limits.maxFiles) {
        throw new MultipartError(`At most ${limits.maxFiles} photos can be sent at once.`, 413);
      }
      if (!isFile && ++fields > maxFields) throw malformed();
      const cap = isFile ? limits.maxFileBytes : maxFieldBytes;
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      const keep = (bytes: Buffer) => {
        size += bytes.length;
        if (size > cap) tooLarge = true;
        // Copied: a slice would keep the whole read chunk alive.
        else if (bytes.length) chunks.push(Buffer.from(bytes));
      };
      for (;;) {
        const at = buffer.indexOf(delimiter);
        if (at !== -1) {
          keep(buffer.subarray(0, at));
          buffer = buffer.subarray(at + delimiter.length);
          break;
        }
        // The tail might be the start of a delimiter: keep it for the next read.
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          keep(buffer.subarray(0, safe));
          buffer = Buffer.from(buffer.subarray(safe));
        }
        if (!(await more())) throw malformed();
      }
      if (!isFile) {
        if (tooLarge) throw new MultipartError("A field of the form is too long.", 413);
        yield { kind: "field", name: part.name, value: Buffer.concat(chunks).toString("utf8") };
      } else {
        const bytes = tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks);
        chunks.length = 0;
        yield { kind: "file", name: part.name, filename: part.filename!, contentType: part.contentType, bytes, tooLarge };
      }
    }
  } catch (error) {
    // A body past its limits or broken: no point reading the rest (the connection is dropped).
    failed = true;
    throw error;
  } finally {
    if (failed) await reader.cancel().catch(() => {});
    else await drain();
  }
}
