import { Link } from "react-router";
import { site } from "~/lib/site";
import { logoMark as mark } from "~/ui/logo-mark";

export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex items-center gap-2 rounded-md ${className}`} aria-label={`${site.name}, home`}>
      <svg width="32" height="32" viewBox={mark.viewBox} aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx={mark.radius} className="fill-primary-600" />
        <path d={mark.body} fill="#fff" />
        {mark.wheels.map((cx) => (
          <circle key={cx} cx={cx} cy={mark.wheelY} r={mark.wheelRadius} className="fill-primary-600" stroke="#fff" strokeWidth={mark.wheelStroke} />
        ))}
        <path d={mark.windows} className="fill-primary-200" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight text-slate-900 dark:text-white">{site.name}</span>
    </Link>
  );
}
