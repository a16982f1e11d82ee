import crypto from "node:crypto";
import { splitBytesOnce } from "./bytes";

/** What each byte of the request's CSP nonce is written over with while hashing ("_"). */
const NONCE_FILL = 0x5f;

/** Where the nonce starts in `bytes`, at each of its occurrences (from the shared split). */
function nonceOffsets(bytes: Buffer, nonce: string): number[] {
  const pieces = splitBytesOnce(bytes, nonce);
  const offsets: number[] = [];
  for (let i = 0; i < pieces.length - 1; i++) offsets.push(pieces[i]!.byteOffset - bytes.byteOffset + pieces[i]!.length);
  return offsets;
}

/**
 * Strong ETag of a rendered document: a SHA-256 of its bytes with the request's nonce written
 * over by a constant, so two renders of the same page share the tag. The hash runs on the thread
 * pool (WebCrypto's digest), not on the app's thread: hashing a 150 to 230 kB page there took 3 to
 * 5 % of its render (decision 012). The nonce is written over in place, not spliced into a copy
 * (a copy of the page costs more than the hash), and put back before the promise settles: nothing
 * else may read `bytes` until then.
 */
export async function documentEtag(html: string | Buffer, nonce: string | undefined): Promise<string> {
  const bytes = typeof html === "string" ? Buffer.from(html, "utf8") : html;
  const offsets = nonce ? nonceOffsets(bytes, nonce) : [];
  const nonceBytes = Buffer.from(nonce ?? "", "utf8");
  for (const at of offsets) bytes.fill(NONCE_FILL, at, at + nonceBytes.length);
  let digest: ArrayBuffer;
  try {
    digest = await crypto.subtle.digest("SHA-256", bytes);
  } finally {
    for (const at of offsets) nonceBytes.copy(bytes, at);
  }
  return `"${Buffer.from(digest).toString("base64url").slice(0, 32)}"`;
}
