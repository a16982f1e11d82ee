import { Link } from "react-router";
import { site } from "~/lib/site";

export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex items-center gap-2 rounded-md ${className}`} aria-label={`${site.name}, home`}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className="fill-primary-600" />
        <path d="M6 19.5 9 13.8c.5-1 1.5-1.6 2.6-1.6h8.8c1.1 0 2.1.6 2.6 1.6l3 5.7v3.3H6v-3.3Z" fill="#fff" />
        <circle cx="11" cy="22.8" r="2.3" className="fill-primary-600" stroke="#fff" strokeWidth="1.6" />
        <circle cx="21" cy="22.8" r="2.3" className="fill-primary-600" stroke="#fff" strokeWidth="1.6" />
        <path d="M10.6 18 12.2 14.6h7.6l1.6 3.4H10.6Z" className="fill-primary-200" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight text-slate-900 dark:text-white">{site.name}</span>
    </Link>
  );
}
