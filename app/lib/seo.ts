import type { MetaDescriptor } from "react-router";
import { titleFromPath } from "./format";
import { type LinkPreview, PREVIEW_HEIGHT, PREVIEW_WIDTH, SITE_PREVIEW } from "./link-preview";
import { site } from "./site";

export function documentTitle(title: string | undefined): string {
  return title ? `${title}${site.titleSeparator}${site.name}` : `${site.name}${site.titleSeparator}${site.tagline}`;
}

/** Route title, else the last path segment in title case (spec "Page titles"). */
export function resolveTitle(routeTitle: string | undefined, pathname: string): string | undefined {
  return routeTitle || titleFromPath(pathname) || undefined;
}

/** Error page title: the status code followed by the message ("404 Page not found: /x"). */
export function errorTitle(status: number, message: string): string {
  return `${status} ${message}`.trim();
}

export function absoluteUrl(origin: string, pathname: string): string {
  // Photos may already live at another site's address (an object store's public URL).
  if (/^https?:\/\//.test(pathname)) return pathname;
  return `${origin.replace(/\/$/, "")}${pathname}`;
}

interface PageMeta {
  title?: string;
  description?: string;
  /** Path of the canonical URL, defaults to the current path (no query string). */
  canonicalPath?: string;
  pathname: string;
  origin: string;
  type?: "website" | "article" | "product";
  noindex?: boolean;
  /** The page's link preview (decision 010); the site's default card when absent. */
  image?: LinkPreview;
}

/** Title, description, canonical link, Open Graph and Twitter card tags (with the preview image) for every page. */
export function pageMeta(meta: PageMeta): MetaDescriptor[] {
  const title = documentTitle(resolveTitle(meta.title, meta.pathname));
  const description = meta.description ?? site.description;
  const canonical = absoluteUrl(meta.origin, meta.canonicalPath ?? meta.pathname);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: meta.type ?? "website" },
    { property: "og:locale", content: site.locale },
    ...previewImageMeta(meta.origin, meta.image ?? SITE_PREVIEW),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (meta.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** og:image with its size, type and alt text, and the same image for X's large card. */
function previewImageMeta(origin: string, image: LinkPreview): MetaDescriptor[] {
  const url = absoluteUrl(origin, image.path);
  return [
    { property: "og:image", content: url },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(PREVIEW_WIDTH) },
    { property: "og:image:height", content: String(PREVIEW_HEIGHT) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:image", content: url },
    { name: "twitter:image:alt", content: image.alt },
  ];
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown; loaderData?: unknown } | undefined>;
}

/** pageMeta for a route's `meta` export; the origin comes from the root loader (PUBLIC_URL). */
export function routeMeta(args: MetaArgsLike, meta: Omit<PageMeta, "pathname" | "origin">): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root");
  const rootData = (root?.loaderData ?? root?.data) as { origin?: string } | undefined;
  return pageMeta({ ...meta, pathname: args.location.pathname, origin: rootData?.origin ?? site.url });
}
