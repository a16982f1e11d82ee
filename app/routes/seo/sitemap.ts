import type { Route } from "./+types/sitemap";
import { SEO_FILE_CACHE_CONTROL, childSitemapEntries, urlSetXml } from "~/features/seo/sitemap.server";

// /sitemaps/{name}.xml or /sitemaps/{name}-{page}.xml: one child sitemap; anything else is 404.
export async function loader({ params }: Route.LoaderArgs) {
  const entries = await childSitemapEntries(params.file);
  if (!entries) {
    return new Response(`No sitemap named ${params.file}\n`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(urlSetXml(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SEO_FILE_CACHE_CONTROL },
  });
}
