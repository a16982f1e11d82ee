import { messages, protocol } from "@electric-sql/pglite";

// A kept read's answer, decoded from the bytes PostgreSQL wrote (kept-statements.server.ts).
// PGlite's own protocol parser copies every field into a new ArrayBuffer, wraps it in a DataView
// and decodes it with a TextDecoder, and makes a class instance of every message: for the ad
// page's two reads (some hundred fields and column names), a tenth of the page's main thread.
// Here each field is read in place from one buffer. Only what PGlite's `parseResults` reads of
// an answer is made (column names and types, rows, the command tag), in its shapes, so rows come
// out exactly as before; an answer holding anything else (an error, a notice) is read by PGlite's
// parser instead.

interface ResultMessage {
  name: "rowDescription" | "dataRow" | "commandComplete";
  fields?: ({ name: string; dataTypeID: number } | string | null)[];
  text?: string;
}

// Backend messages of a bind, describe, execute, sync exchange that carry nothing parseResults reads.
const BIND_COMPLETE = 0x32;
const PARSE_COMPLETE = 0x31;
const CLOSE_COMPLETE = 0x33;
const NO_DATA = 0x6e;
const READY_FOR_QUERY = 0x5a;
const PORTAL_SUSPENDED = 0x73;
const EMPTY_QUERY = 0x49;
const ROW_DESCRIPTION = 0x54;
const DATA_ROW = 0x44;
const COMMAND_COMPLETE = 0x43;

/** Bytes after a column's name in a RowDescription: table id, column number, type id, type size, type modifier, format. */
const FIELD_TAIL = 4 + 2 + 4 + 2 + 4 + 2;

/**
 * The messages of an answer that parseResults reads, or null when the answer holds a message
 * of another kind (an error, a notice, a notification) or ends inside a message.
 */
export function readResultMessages(bytes: Buffer): ResultMessage[] | null {
  const read: ResultMessage[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 5 > bytes.length) return null;
    const type = bytes[at]!;
    const end = at + 1 + bytes.readInt32BE(at + 1);
    if (end > bytes.length || end < at + 5) return null;
    let p = at + 5;
    switch (type) {
      case ROW_DESCRIPTION: {
        const count = bytes.readInt16BE(p);
        p += 2;
        const fields = new Array<{ name: string; dataTypeID: number }>(count);
        for (let i = 0; i < count; i++) {
          const nul = bytes.indexOf(0, p);
          if (nul < 0 || nul + 1 + FIELD_TAIL > end) return null;
          fields[i] = { name: bytes.toString("utf8", p, nul), dataTypeID: bytes.readInt32BE(nul + 1 + 6) };
          p = nul + 1 + FIELD_TAIL;
        }
        read.push({ name: "rowDescription", fields });
        break;
      }
      case DATA_ROW: {
        const count = bytes.readInt16BE(p);
        p += 2;
        const fields = new Array<string | null>(count);
        for (let i = 0; i < count; i++) {
          const length = bytes.readInt32BE(p);
          p += 4;
          if (length < 0) fields[i] = null;
          else {
            if (p + length > end) return null;
            fields[i] = bytes.toString("utf8", p, p + length);
            p += length;
          }
        }
        read.push({ name: "dataRow", fields });
        break;
      }
      case COMMAND_COMPLETE:
        read.push({ name: "commandComplete", text: bytes.toString("utf8", p, end - 1) });
        break;
      case BIND_COMPLETE:
      case PARSE_COMPLETE:
      case CLOSE_COMPLETE:
      case NO_DATA:
      case READY_FOR_QUERY:
      case PORTAL_SUSPENDED:
      case EMPTY_QUERY:
        break;
      default:
        return null;
    }
    at = end;
  }
  return read;
}

/** Every message of an answer as PGlite's own parser reads it. */
export function parsedByPglite(bytes: Buffer): unknown[] {
  const parsed: unknown[] = [];
  new protocol.Parser().parse(bytes, (message) => parsed.push(message));
  return parsed;
}

/** The first error among an answer's messages (parsedByPglite), as PGlite would throw it; null when there is none. */
export function answerError(parsed: readonly unknown[]): Error | null {
  const error = parsed.find((message) => message instanceof messages.DatabaseError);
  return (error as Error | undefined) ?? null;
}
