import { SEO_FILE_CACHE_CONTROL, robotsTxt } from "~/features/seo/sitemap.server";

// /robots.txt
export function loader() {
  return new Response(robotsTxt(), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": SEO_FILE_CACHE_CONTROL } });
}
