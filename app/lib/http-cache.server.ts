import xxhash from "xxhash-wasm";
import { splitBytesOnce } from "./bytes";

/** Stands in for the per-request CSP nonce when hashing, so equal pages get equal ETags. */
const NONCE_PLACEHOLDER = "__nonce__";

// XXH64 (WebAssembly), compiled on first use.
let hasher: ReturnType<typeof xxhash> | undefined;

/**
 * Strong ETag of a rendered document: a hash of its bytes with the request's nonce replaced by a
 * constant. Two renders of the same page differ only in the nonce, so they share the tag. The tag
 * only tells versions of one URL apart, which asks no cryptographic hash: XXH64 takes 15 µs for
 * 200 kB where SHA-256 took 130 (3 to 5 % of a page's main thread; on the thread pool, the hand-off
 * cost nearly as much, decision 012).
 */
export async function documentEtag(html: string | Buffer, nonce: string | undefined): Promise<string> {
  const { create64 } = await (hasher ??= xxhash());
  const bytes = typeof html === "string" ? Buffer.from(html, "utf8") : html;
  const hash = create64();
  // Piece by piece: joining a copy of a large document costs more than the hash.
  (nonce ? splitBytesOnce(bytes, nonce) : [bytes]).forEach((piece, i) => {
    if (i > 0) hash.update(NONCE_PLACEHOLDER);
    hash.update(piece);
  });
  return `"${hash.digest().toString(16).padStart(16, "0")}"`;
}
