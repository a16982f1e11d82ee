/** Escapes text for HTML built as strings (mails, pre-rendered fragments), body or attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The same text, as one flat string. V8 keeps a string built piece by piece (as React's
 * renderToStaticMarkup builds its result) as a tree of the pieces. A fragment printed once and
 * then put into every document (the footer, a static island) would have that tree walked again
 * by each document's final join; flattened once here, it is copied in one go.
 */
export function flatString(text: string): string {
  // Reading a string as a number makes V8 flatten it in place (the value itself is not used).
  Number(text);
  return text;
}
