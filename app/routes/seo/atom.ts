import { ATOM_CACHE_CONTROL, atomFeed } from "~/features/editorial/atom.server";
import { publicUrl } from "~/lib/env.server";

// /atom.xml: the latest news as Atom 1.0 (advertised on every page by root.tsx).
export async function loader() {
  const origin = publicUrl();
  return new Response(await atomFeed(origin), {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": ATOM_CACHE_CONTROL },
  });
}
