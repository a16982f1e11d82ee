/** The pieces of `bytes` between occurrences of `separator` (views into `bytes`, not copies). */
export function splitBytes(bytes: Buffer, separator: Buffer): Buffer[] {
  if (separator.length === 0) return [bytes];
  const pieces: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(separator, start); at !== -1; at = bytes.indexOf(separator, start)) {
    pieces.push(bytes.subarray(start, at));
    start = at + separator.length;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}

// A rendered document is split around its nonce twice: for its ETag, then by the page cache that
// keeps it. The pieces are kept with the document (which nothing writes to once rendered) while it
// lives, so the second split is free.
const splits = new WeakMap<Buffer, { separator: string; pieces: Buffer[] }>();

/** splitBytes around a text, done once per buffer and text (the buffer must not change afterwards). */
export function splitBytesOnce(bytes: Buffer, separator: string): Buffer[] {
  const known = splits.get(bytes);
  if (known && known.separator === separator) return known.pieces;
  const pieces = splitBytes(bytes, Buffer.from(separator, "utf8"));
  splits.set(bytes, { separator, pieces });
  return pieces;
}

/** `pieces` joined with `separator` between them, as one buffer. */
export function joinBytes(pieces: readonly Buffer[], separator: Buffer): Buffer {
  const parts: Buffer[] = [];
  pieces.forEach((piece, i) => {
    if (i > 0) parts.push(separator);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}
