import { Share2 } from "lucide-react";
import { type MouseEvent, useEffect, useState } from "react";
import { SHARE_POPUP, type ShareNetwork, shareUrl } from "../news-rules";

const networks: { id: ShareNetwork; label: string; colour: string; path: string }[] = [
  {
    id: "facebook",
    label: "Facebook",
    colour: "bg-[#1877f2]",
    path: "M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z",
  },
  { id: "x", label: "X", colour: "bg-slate-900 dark:bg-slate-700", path: "M17.8 3h3l-6.6 7.6L22 21h-6.1l-4.8-6.2L5.6 21h-3l7.1-8.1L2.3 3h6.2l4.3 5.7L17.8 3zm-1 16.2h1.7L7.3 4.7H5.5l11.3 14.5z" },
  {
    id: "linkedin",
    label: "LinkedIn",
    colour: "bg-[#0a66c2]",
    path: "M6.9 8.8H3.6V20h3.3V8.8zM5.2 3.5a1.9 1.9 0 1 0 0 3.8 1.9 1.9 0 0 0 0-3.8zM20.4 13.6c0-3-.6-5.1-4.1-5.1-1.7 0-2.8.9-3.2 1.8V8.8H9.9V20h3.3v-5.5c0-1.5.3-2.9 2.1-2.9s1.8 1.7 1.8 3V20h3.3v-6.4z",
  },
  {
    id: "whatsapp",
    label: "WhatsApp",
    colour: "bg-[#128c4a]",
    path: "M12 2.5a9.4 9.4 0 0 0-8.1 14.2L2.6 21.5l4.9-1.3A9.4 9.4 0 1 0 12 2.5zm5.5 13.3c-.2.7-1.3 1.3-1.9 1.4-.5.1-1.1.1-1.8-.1-.4-.1-1-.3-1.7-.6-3-1.3-4.9-4.3-5.1-4.5-.1-.2-1.2-1.6-1.2-3.1s.8-2.2 1.1-2.5c.3-.3.6-.4.8-.4h.6c.2 0 .4 0 .6.5l.8 2c.1.1.1.3 0 .5l-.4.6-.4.4c-.1.1-.3.3-.1.6.2.3.7 1.2 1.5 1.9 1 .9 1.9 1.2 2.2 1.3.3.1.4.1.6-.1l.9-1.1c.2-.3.4-.2.6-.1l1.9.9c.3.1.5.2.5.3.1.1.1.6-.1 1.3z",
  },
];

/**
 * Share links for an article. Without JavaScript each is a plain link opening the network's share
 * page in a new tab; with it, a 626×436 popup, plus the device's own share sheet where the
 * browser has one (navigator.share).
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [canShareNatively, setCanShareNatively] = useState(false);
  useEffect(() => setCanShareNatively(typeof navigator !== "undefined" && typeof navigator.share === "function"), []);

  const openPopup = (event: MouseEvent<HTMLAnchorElement>, network: ShareNetwork) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const { width, height } = SHARE_POPUP;
    const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
    const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
    const popup = window.open(shareUrl(network, url, title), `share-${network}`, `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`);
    // A blocked popup leaves the plain link to do its job.
    if (popup) {
      popup.opener = null;
      event.preventDefault();
    }
  };

  const shareNatively = () => {
    navigator.share({ title, url }).catch(() => {
      // Dismissed by the reader: nothing to do.
    });
  };

  const button = "inline-flex size-10 items-center justify-center rounded-full text-white transition-opacity hover:opacity-85";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-sm font-semibold text-slate-700 dark:text-slate-300">Share</span>
      {networks.map((network) => (
        <a
          key={network.id}
          href={shareUrl(network.id, url, title)}
          target="_blank"
          rel="noopener noreferrer"
          className={`${button} ${network.colour}`}
          data-share={network.id}
          onClick={(event) => openPopup(event, network.id)}
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true" focusable="false">
            <path d={network.path} />
          </svg>
          <span className="sr-only">Share on {network.label}</span>
        </a>
      ))}
      {canShareNatively ? (
        <button type="button" onClick={shareNatively} className={`${button} bg-primary-600`}>
          <Share2 className="size-5" strokeWidth={1.75} aria-hidden="true" />
          <span className="sr-only">More ways to share</span>
        </button>
      ) : null}
    </div>
  );
}
