import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { routeMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { publicPageHeaders } from "~/lib/http-cache";
import type { PageQueryHandle } from "~/lib/page-query";

// The same for every visitor: CDNs and browsers may cache it (docs/decisions/005-http-caching.md).
export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

const UPDATED = "21 November 2026";

export default function Privacy() {
  return (
    <article className="container-page max-w-3xl py-10">
      <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">Legal</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">Privacy policy and legal notice</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Last updated {UPDATED}</p>

      <nav aria-label="On this page" className="card mt-6 p-4 text-sm">
        <ul className="grid gap-1 sm:grid-cols-2">
          {[
            ["who", "Who we are"],
            ["what", "What we collect"],
            ["why", "Why we use it"],
            ["how-long", "How long we keep it"],
            ["sharing", "Who we share it with"],
            ["cookies", "Cookies and local storage"],
            ["rights", "Your rights"],
            ["security", "Security"],
            ["legal", "Legal notice"],
          ].map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="link">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="prose-page mt-4">
        <p>
          This policy explains how {site.name} handles personal information under South Africa's Protection of Personal Information
          Act, 2013 (POPIA). We collect as little as we can, we use it only for the reason you gave it to us, and we never sell it.
        </p>

        <h2 id="who">Who we are</h2>
        <p>
          The responsible party is {site.name}, part of the {site.group.name}. Our information officer can be reached at{" "}
          <a className="link" href={`mailto:${site.contactEmail}`}>
            {site.contactEmail}
          </a>{" "}
          or through our{" "}
          <Link className="link" to="/contactez-nous">
            contact form
          </Link>
          .
        </p>

        <h2 id="what">What we collect</h2>
        <ul>
          <li>
            <strong>Contact form:</strong> your name, email address, an optional phone number, the subject and your message.
          </li>
          <li>
            <strong>Newsletter:</strong> your email address, the date and wording of the consent you gave, and when you confirmed or
            unsubscribed.
          </li>
          <li>
            <strong>Account (when accounts open):</strong> your name or nickname, email address and a securely hashed password.
          </li>
          <li>
            <strong>Technical data:</strong> a random visitor identifier, your colour-mode choice, and server logs (address requested,
            time, status). We do not use advertising trackers or third-party analytics.
          </li>
        </ul>

        <h2 id="why">Why we use it</h2>
        <ul>
          <li>To answer your message (with your consent, which you give by sending it).</li>
          <li>To send the newsletter you asked for (with your consent, confirmed twice by the link we email you).</li>
          <li>To keep the site secure and working: rate limits, abuse prevention and fixing faults (our legitimate interest).</li>
        </ul>
        <p>We do not make automated decisions about you and we do not build marketing profiles.</p>

        <h2 id="how-long">How long we keep it</h2>
        <ul>
          <li>Contact messages: 24 months after our last reply, then deleted.</li>
          <li>Newsletter: until you unsubscribe; we then keep only the record of your consent and its withdrawal for three years, as proof.</li>
          <li>Server logs: 30 days.</li>
        </ul>

        <h2 id="sharing">Who we share it with</h2>
        <p>
          Only with operators who process it on our behalf under a written agreement: our hosting provider and our email delivery
          service. If they store information outside South Africa, we make sure the country or the agreement gives protection
          comparable to POPIA (section 72). We disclose information to authorities only when the law requires it.
        </p>

        <h2 id="cookies">Cookies and local storage</h2>
        <ul>
          <li>
            <code>colour-mode</code>: remembers light or dark mode (one year).
          </li>
          <li>
            <code>cookie_user_id</code>: a random visitor identifier, signed by us, so your shortlist and requests follow you and our limits against abuse count you as one visitor (two years).
          </li>
          <li>A session cookie when you sign in, removed when you sign out.</li>
        </ul>

        <h2 id="rights">Your rights</h2>
        <p>Under POPIA you may, free of charge:</p>
        <ul>
          <li>ask whether we hold information about you and get a copy of it;</li>
          <li>ask us to correct or delete it;</li>
          <li>object to its use, or withdraw your consent at any time (every newsletter has an unsubscribe link);</li>
          <li>
            complain to the Information Regulator (South Africa) at{" "}
            <a className="link" href="https://inforegulator.org.za" target="_blank" rel="noopener">
              inforegulator.org.za
            </a>
            .
          </li>
        </ul>
        <p>
          Write to{" "}
          <a className="link" href={`mailto:${site.contactEmail}`}>
            {site.contactEmail}
          </a>
          ; we answer within 30 days.
        </p>

        <h2 id="security">Security</h2>
        <p>
          Traffic is encrypted, passwords are stored only as salted hashes, confirmation links expire, and access to personal
          information is limited to the people who need it. If a breach puts your information at risk, we will tell you and the
          Information Regulator as section 22 of POPIA requires.
        </p>

        <h2 id="legal">Legal notice</h2>
        <p>
          This website is published by {site.name}, {site.group.name}. Contact:{" "}
          <a className="link" href={`mailto:${site.contactEmail}`}>
            {site.contactEmail}
          </a>
          . Prices and specifications in the catalogue are indicative demo data and are not an offer; confirm them with a dealer.
          Brand and model names belong to their owners and are used only to identify the vehicles described. Content on this site
          may not be reproduced without our written permission.
        </p>
      </div>
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: "Privacy policy and legal notice",
    description: `How ${site.name} collects, uses and protects your personal information under POPIA, your rights, and our legal notice.`,
  });
}
