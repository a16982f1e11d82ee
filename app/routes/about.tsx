import { Link } from "react-router";
import type { Route } from "./+types/about";
import { routeMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { publicPageHeaders } from "~/lib/http-cache";
import type { PageQueryHandle } from "~/lib/page-query";

// The same for every visitor: CDNs and browsers may cache it (docs/decisions/005-http-caching.md).
export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

export default function About() {
  return (
    <article className="container-page max-w-3xl py-10">
      <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">About us</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">Helping South Africans choose their next car with confidence</h1>
      <div className="prose-page mt-6">
        <p>
          {site.name} is an independent car-shopping website for South Africa. We list every new car on sale in the country by brand,
          model and version, with rand prices, full specifications and the promotions running this month, and we let you compare them
          side by side.
        </p>
        <h2>What we do</h2>
        <ul>
          <li>A new-car guide covering the brands South Africans buy, from a Suzuki Swift to a Porsche Cayenne.</li>
          <li>A comparator that puts up to four versions next to each other and shows where each one wins.</li>
          <li>Motoring news and practical guides: licences, licence discs, roadworthy certificates, insurance and finance.</li>
          <li>A used-car marketplace and a dealer directory, coming soon.</li>
        </ul>
        <h2>How we work</h2>
        <p>
          We are not a dealer and we do not sell cars. Our listings are free for you to use, and we never rank a car higher because a
          brand paid for it. Where a page carries advertising or a sponsored promotion, it says so.
        </p>
        <p>
          Until our licensed manufacturer price feed goes live, the catalogue shows indicative demo data: realistic, but not a dealer
          quote. Always confirm the final price, specification and availability with a dealer before you buy.
        </p>
        <h2>Part of a wider group</h2>
        <p>
          {site.name} belongs to the {site.group.name}, which runs car sites in several African countries: certified used cars,
          classifieds, motoring media, new-car price guides and an electric-car platform.
        </p>
        <h2>Talk to us</h2>
        <p>
          Questions, corrections or partnership ideas are welcome. Write to us through the{" "}
          <Link to="/contactez-nous" className="link">
            contact form
          </Link>{" "}
          and we reply within two working days.
        </p>
      </div>
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: "About us",
    description: `${site.name} is South Africa's independent new-car comparator: prices in rand, full specifications, promotions, news and buying guides.`,
  });
}
