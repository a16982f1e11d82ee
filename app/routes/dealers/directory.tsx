import { data, redirect } from "react-router";
import type { Route } from "./+types/directory";
import { DirectoryView } from "~/features/dealers/components/directory-view";
import { directoryMetaFields } from "~/features/dealers/directory-params";
import { directoryPageData } from "~/features/dealers/directory.server";
import { DEALER_DIRECTORY_PATH } from "~/features/dealers/urls";
import { publicPageHeaders } from "~/lib/http-cache";
import { absoluteUrl, routeMeta } from "~/lib/seo";
import type { PageQueryHandle } from "~/lib/page-query";

// /concessionnaires: the dealer directory (decision 014: the canonical one), a GET form with its
// state in the URL.
export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: "own" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await directoryPageData(url.searchParams, context);
  // A plain form submission carries empty fields: answer with the same search written
  // canonically (only when nothing was ignored, so the notices stay visible).
  if (page.notices.length === 0 && `${url.pathname}${url.search}` !== page.canonicalUrl) throw redirect(page.canonicalUrl);
  // A page after the last one explains itself, with a 404 so it is never indexed.
  return page.pastEnd ? data(page, { status: 404 }) : page;
}

export default function DealerDirectory({ loaderData }: Route.ComponentProps) {
  return <DirectoryView page={loaderData} crumbs={[{ label: "Dealer directory" }]} currentPath={DEALER_DIRECTORY_PATH} />;
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  const origin = root?.origin ?? "";
  return [
    ...routeMeta(args, { ...directoryMetaFields(page), canonicalPath: page?.canonicalUrl ?? DEALER_DIRECTORY_PATH }),
    ...(page?.prevUrl ? [{ tagName: "link", rel: "prev", href: absoluteUrl(origin, page.prevUrl) }] : []),
    ...(page?.nextUrl ? [{ tagName: "link", rel: "next", href: absoluteUrl(origin, page.nextUrl) }] : []),
  ];
}
