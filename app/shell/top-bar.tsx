import { MessageCircle, Rss } from "lucide-react";
import { Link } from "react-router";
import { site } from "~/lib/site";
import { ThemeToggle } from "./theme-toggle";

export function TopBar({ messagingUrl, onSubscribe }: { messagingUrl: string; onSubscribe: () => void }) {
  return (
    <div className="bg-slate-900 text-slate-200 dark:bg-black" data-testid="top-bar">
      <div className="container-page flex min-h-10 items-center justify-between gap-3 text-sm">
        <p className="py-1 text-xs leading-tight font-medium sm:text-sm">{site.tagline}</p>
        <div className="flex shrink-0 items-center gap-1">
          <Link to="/contactez-nous" className="hidden rounded-md px-2 py-1.5 hover:bg-white/10 hover:text-white sm:inline-flex">
            Contact us
          </Link>
          <button
            type="button"
            className="hidden rounded-md px-2 py-1.5 font-semibold text-amber-300 hover:bg-white/10 hover:text-amber-200 sm:inline-flex"
            onClick={onSubscribe}
            aria-haspopup="dialog"
          >
            Subscribe
          </button>
          <ThemeToggle />
          <a
            href="/atom.xml"
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-white/10 hover:text-white"
            aria-label="RSS feed of our news"
            title="RSS feed"
          >
            <Rss className="size-5" strokeWidth={1.75} aria-hidden="true" />
          </a>
          <a
            href={messagingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-white/10 hover:text-white"
            aria-label="Follow our WhatsApp channel (opens in a new tab)"
            title="WhatsApp channel"
          >
            <MessageCircle className="size-5" strokeWidth={1.75} aria-hidden="true" />
          </a>
        </div>
      </div>
    </div>
  );
}
