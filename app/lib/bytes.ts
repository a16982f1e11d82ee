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

/** `pieces` joined with `separator` between them, as one buffer. */
export function joinBytes(pieces: readonly Buffer[], separator: Buffer): Buffer {
  const parts: Buffer[] = [];
  pieces.forEach((piece, i) => {
    if (i > 0) parts.push(separator);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}
