import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useServerHtml } from "~/lib/server-html";
import { followSameSiteLink } from "~/ui/static-island";
import { site, sisterSites } from "~/lib/site";
import { Icon } from "~/ui/icon";

export const FOOTER_CONTENT_ID = "site-footer";

const footerLinks = [
  { label: "Home", to: "/" },
  { label: "About us", to: "/a-propos-de-nous" },
  {
    label: "Privacy Policy",
    to: "/politique-de-confidentalite-et-mentions-legales",
  },
  { label: "Contact us", to: "/contactez-nous" },
];

/**
 * The footer's content: the same for every visitor and page, so the server prints it once per
 * catalogue change (footer.server.tsx) and the browser keeps that HTML as it is.
 */
export function FooterContent({ catalogueHtml }: { catalogueHtml: string }) {
  return (
    <>
      <nav aria-label="Footer" className="mb-8">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
          {footerLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-white hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <h2
        id="footer-brands-heading"
        className="mb-4 text-lg font-bold text-white"
      >
        List of brands and models available in South Africa
      </h2>
      {/* Masonry by CSS columns: 180 px wide (110 px at 490 px or less), gap 16. Built once per
        catalogue change (~/features/catalogue/footer.server.ts). */}
      <div
        id="footer-catalogue"
        className="footer-masonry"
        dangerouslySetInnerHTML={{ __html: catalogueHtml }}
      />

      <div className="mt-10 border-t border-slate-700 pt-8">
        <h2 className="mb-4 text-base font-bold text-white">
          The {site.group.name} across Africa
        </h2>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {sisterSites.map((country) => (
            <div key={country.country}>
              <h3 className="mb-2 text-sm font-semibold text-white">
                {country.country}
              </h3>
              <ul className="space-y-1.5 text-sm">
                {country.sites.map((s) => (
                  <li key={s.url}>
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noopener"
                      className="group inline-flex items-start gap-1 hover:text-white"
                    >
                      <span>
                        <span className="block text-slate-200 group-hover:underline">
                          {s.name}
                        </span>
                        <span className="block text-xs text-slate-400">
                          {s.category}
                        </span>
                      </span>
                      <Icon name="external-link" className="mt-0.5 size-3.5" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>

      <div className="mt-10 flex flex-col gap-2 border-t border-slate-700 pt-6 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {site.copyrightYear}{" "}
          <a
            href={site.group.url}
            target="_blank"
            rel="noopener"
            className="text-slate-200 underline underline-offset-2 hover:text-white"
          >
            {site.group.name}
          </a>
          . All rights reserved.
        </p>
        <p>
          Catalogue prices and specifications are indicative demo data, not
          dealer quotes.
        </p>
      </div>
    </>
  );
}

export function Footer() {
  const printed = useServerHtml("footer", FOOTER_CONTENT_ID);
  const navigate = useNavigate();

  // The content is plain HTML: route its same-site links through the router like <Link> would.
  const followInApp = (event: MouseEvent<HTMLDivElement>) =>
    followSameSiteLink(event, navigate);

  return (
    <footer
      className="mt-16 bg-slate-900 text-slate-300 dark:bg-black"
      aria-labelledby="footer-brands-heading"
    >
      {printed ? (
        <div
          id={FOOTER_CONTENT_ID}
          className="container-page py-10"
          onClick={followInApp}
          dangerouslySetInnerHTML={{ __html: printed }}
        />
      ) : (
        // A shell mounted in the browser without the server's footer (after an error page).
        <div id={FOOTER_CONTENT_ID} className="container-page py-10">
          <FooterContent catalogueHtml="" />
        </div>
      )}
    </footer>
  );
}
