import { Link, useRouteLoaderData } from "react-router";
import { absoluteUrl } from "~/lib/seo";
import { site } from "~/lib/site";
import { JsonLd } from "./json-ld";
import { Icon } from "~/ui/icon";

export interface Crumb {
  label: string;
  /** Path of the page; the last crumb (the current page) may omit it. */
  to?: string;
}

/** schema.org BreadcrumbList for a trail; Home is always first. */
function breadcrumbJsonLd(origin: string, crumbs: Crumb[], currentPath: string) {
  const trail = [{ label: "Home", to: "/" }, ...crumbs];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(origin, crumb.to ?? currentPath),
    })),
  };
}

/** The trail above a page's heading, in markup and as JSON-LD. Home is added first. */
export function Breadcrumbs({ crumbs, currentPath, className = "" }: { crumbs: Crumb[]; currentPath: string; className?: string }) {
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const origin = root?.origin ?? site.url;
  const trail: Crumb[] = [{ label: "Home", to: "/" }, ...crumbs];
  return (
    <>
      <nav aria-label="Breadcrumb" className={`text-sm text-slate-600 dark:text-slate-400 ${className}`}>
        <ol className="flex flex-wrap items-center gap-1">
          {trail.map((crumb, index) => {
            const last = index === trail.length - 1;
            return (
              <li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
                {last || !crumb.to ? (
                  <span aria-current={last ? "page" : undefined} className={last ? "font-medium text-slate-900 dark:text-slate-100" : undefined}>
                    {crumb.label}
                  </span>
                ) : (
                  <Link to={crumb.to} className="hover:text-primary-700 hover:underline dark:hover:text-primary-300">
                    {crumb.label}
                  </Link>
                )}
                {last ? null : <Icon name="chevron-right" className="size-3.5" />}
              </li>
            );
          })}
        </ol>
      </nav>
      <JsonLd data={breadcrumbJsonLd(origin, crumbs, currentPath)} />
    </>
  );
}
