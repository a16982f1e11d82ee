import crypto from "node:crypto";
import { splitBytesOnce } from "./bytes";

/** Stands in for the per-request CSP nonce when hashing, so equal pages get equal ETags. */
const NONCE_PLACEHOLDER = "__nonce__";

/**
 * Strong ETag of a rendered document: a hash of its bytes with the request's nonce replaced by a
 * constant. Two renders of the same page differ only in the nonce, so they share the tag.
 */
export function documentEtag(html: string | Buffer, nonce: string | undefined): string {
  const bytes = typeof html === "string" ? Buffer.from(html, "utf8") : html;
  const hash = crypto.createHash("sha256");
  // Piece by piece: joining a copy of a large document costs more than the hash.
  (nonce ? splitBytesOnce(bytes, nonce) : [bytes]).forEach((piece, i) => {
    if (i > 0) hash.update(NONCE_PLACEHOLDER);
    hash.update(piece);
  });
  return `"${hash.digest("base64url").slice(0, 32)}"`;
}
