import { data } from "react-router";
import type { Route } from "./+types/dealer-list";
import { DirectoryView } from "~/features/dealers/components/directory-view";
import { directoryMetaFields } from "~/features/dealers/directory-params";
import { directoryPageData } from "~/features/dealers/directory.server";
import { DEALER_DIRECTORY_PATH, GUIDE_DEALER_LIST_PATH } from "~/features/dealers/urls";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";

// /guide-auto/liste-des-concessionnaires: the car guide's entry to the dealer directory (the
// spec's menu link). The same directory in the guide's breadcrumb; its canonical link names
// /concessionnaires with the same search, and its form and links lead there (decision 014).
export const headers = publicPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await directoryPageData(new URL(request.url).searchParams, context);
  return page.pastEnd ? data(page, { status: 404 }) : page;
}

export default function GuideDealerList({ loaderData }: Route.ComponentProps) {
  return <DirectoryView page={loaderData} crumbs={[{ label: "Car guide", to: "/guide-auto" }, { label: "Dealer directory" }]} currentPath={GUIDE_DEALER_LIST_PATH} />;
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  return routeMeta(args, { ...directoryMetaFields(page), canonicalPath: page?.canonicalUrl ?? DEALER_DIRECTORY_PATH });
}
