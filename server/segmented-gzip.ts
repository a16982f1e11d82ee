import zlib from "node:zlib";

/**
 * Gzip for a cached page whose only varying part is a short value (the CSP nonce) repeated in
 * a few places. The fixed text between the values is deflated once, each piece ending on a byte
 * boundary (sync flush); a response then only splices the value in as stored (uncompressed)
 * blocks and adds the checksum. The result is one ordinary gzip member (RFC 1951/1952), so any
 * client decodes it, and serving costs a CRC instead of a compression.
 */
export interface SegmentedGzip {
  pieces: Buffer[];
  /** Uncompressed length of the fixed text. */
  fixedLength: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
// A final, empty stored block: BFINAL=1, BTYPE=00, LEN=0, NLEN=0xffff.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

const bytesOf = (text: string | Buffer): Buffer => (typeof text === "string" ? Buffer.from(text, "utf8") : text);

export function compressPieces(texts: readonly (string | Buffer)[]): SegmentedGzip {
  let fixedLength = 0;
  const pieces = texts.map((text) => {
    const raw = bytesOf(text);
    fixedLength += raw.length;
    // Each piece is its own raw deflate stream: its back-references never reach across the
    // spliced value, and the sync flush leaves it byte-aligned and not final.
    return zlib.deflateRawSync(raw, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  });
  return { pieces, fixedLength };
}

function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new RangeError("spliced value too long for one stored block");
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0x00; // BFINAL=0, BTYPE=00 (stored), padded to the byte boundary
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/** The gzip body for `texts.join(value)`, from pieces compressed by compressPieces(texts). */
export function spliceGzip(compressed: SegmentedGzip, texts: readonly (string | Buffer)[], value: string): Buffer {
  const valueBytes = Buffer.from(value, "utf8");
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  compressed.pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(storedBlock(valueBytes));
      crc = zlib.crc32(valueBytes, crc);
    }
    parts.push(piece);
    crc = zlib.crc32(texts[index] ?? "", crc);
  });
  const totalLength = compressed.fixedLength + valueBytes.length * (compressed.pieces.length - 1);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(totalLength >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
