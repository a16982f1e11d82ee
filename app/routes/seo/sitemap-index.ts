import { SEO_FILE_CACHE_CONTROL, childSitemaps, sitemapIndexXml } from "~/features/seo/sitemap.server";

// /sitemap.xml: the index of the child sitemaps.
export async function loader() {
  return new Response(sitemapIndexXml(await childSitemaps()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SEO_FILE_CACHE_CONTROL },
  });
}
