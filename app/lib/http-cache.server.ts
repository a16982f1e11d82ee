import crypto from "node:crypto";

/** Stands in for the per-request CSP nonce when hashing, so equal pages get equal ETags. */
const NONCE_PLACEHOLDER = "__nonce__";

/**
 * Strong ETag of a rendered document: a hash of its bytes with the request's nonce replaced by a
 * constant. Two renders of the same page differ only in the nonce, so they share the tag.
 */
export function documentEtag(html: string, nonce: string | undefined): string {
  const normalised = nonce ? html.split(nonce).join(NONCE_PLACEHOLDER) : html;
  return `"${crypto.createHash("sha256").update(normalised).digest("base64url").slice(0, 32)}"`;
}
