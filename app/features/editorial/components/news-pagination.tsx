import { Pagination } from "~/ui/pagination";
import { pagedUrl } from "../news-rules";

/** The news lists' pages (?page=N on the list's own path). */
export function NewsPagination({ basePath, page, pageCount }: { basePath: string; page: number; pageCount: number }) {
  return <Pagination page={page} pageCount={pageCount} hrefFor={(n) => pagedUrl(basePath, n)} label="Pages of articles" />;
}
