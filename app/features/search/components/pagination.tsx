import { Pagination as PageLinks } from "~/ui/pagination";
import { type SearchState, searchUrl } from "../search-params";

/** The search results' pages: each keeps the filters. */
export function Pagination({ state, pageCount }: { state: SearchState; pageCount: number }) {
  return <PageLinks page={state.page} pageCount={pageCount} hrefFor={(page) => searchUrl({ ...state, page })} label="Pages of results" />;
}
