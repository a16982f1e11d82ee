// Markdown → HTML for news articles and practical guides, run once at import. The body is
// authored text, but it is still treated as untrusted: markdown-it renders it with raw HTML
// disabled, then sanitize-html keeps only an allow-list of tags, attributes and link schemes, so
// the stored HTML can be printed as is (no script, no event handler, no javascript: link).
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true, breaks: false });

/** Bumped when the rendering rules change, so a re-import renders unchanged files again. */
export const RENDER_VERSION = 1;

const ALLOWED_TAGS = [
  "p",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "a",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "hr",
  "br",
];

/** http(s) to another host: the link opens without handing it our page. */
function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/**
 * Links kept: http(s), mailto and site paths. Browsers ignore control characters and spaces
 * inside a scheme ("jav\tascript:"), so they are removed before the scheme is read.
 */
export function isAllowedHref(href: string): boolean {
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (compact === "" || compact.startsWith("//") || compact.startsWith("\\") || compact.startsWith("/\\")) return false;
  const scheme = /^([^/?#]*?):/.exec(compact);
  if (!scheme) return true;
  return ["http", "https", "mailto"].includes(scheme[1]!.toLowerCase());
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "title", "rel"], ol: ["start"], th: ["scope"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // The page has its own h1: a body "# Heading" becomes a section heading.
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      // A link to anything else loses its target (and then its anchor, see unwrapBareAnchors).
      if (!isAllowedHref(href)) return { tagName, attribs: {} };
      const out: Record<string, string> = {};
      if (href) out.href = href;
      if (attribs.title) out.title = attribs.title;
      if (href && isExternal(href)) out.rel = "noopener noreferrer";
      return { tagName, attribs: out };
    },
    th: (tagName) => ({ tagName, attribs: { scope: "col" } }),
  },
};

/** An anchor left without href is plain text (the sanitiser prints attributes one way only). */
function unwrapBareAnchors(html: string): string {
  return html.replace(/<a>([\s\S]*?)<\/a>/g, "$1");
}

/**
 * Wide tables scroll sideways on phones inside a box the keyboard can reach (a scrollable region
 * must be focusable). Added after sanitising, so the allow-list itself never admits a div.
 */
function wrapTables(html: string): string {
  return html.replace(/<table>/g, '<div class="article-table" role="region" aria-label="Table" tabindex="0"><table>').replace(/<\/table>/g, "</table></div>");
}

/** Any HTML → the allow-list (the tests also feed hostile HTML here directly). */
export function sanitiseHtml(html: string): string {
  return wrapTables(unwrapBareAnchors(sanitizeHtml(html, sanitizeOptions))).trim();
}

/** Markdown source → sanitised HTML fragment. */
export function renderMarkdown(source: string): string {
  return sanitiseHtml(markdown.render(source));
}

/** Plain text of a Markdown body (word counts). */
function markdownText(source: string): string {
  return sanitizeHtml(markdown.render(source), { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .trim();
}

const WORDS_PER_MINUTE = 220;

/** Reading time at about 220 words a minute, at least one minute. */
export function readingMinutes(source: string): number {
  const words = markdownText(source).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
