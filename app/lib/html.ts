// React's escapes, so that markup printed as strings is byte for byte what React would print.
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const NEEDS_ESCAPING = /[&<>"']/;

/** Escapes text for HTML built as strings (mails, pre-rendered fragments), body or attribute, as React does. */
export function escapeHtml(value: string): string {
  return NEEDS_ESCAPING.test(value) ? value.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : value;
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
