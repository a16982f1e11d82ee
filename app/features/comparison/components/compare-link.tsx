import { Scale } from "lucide-react";
import { Link } from "react-router";

/** The comparator URL for a set of version ids, order kept (spec: /comparateur). */
export const comparatorUrl = (versionIds: number[]) => `/comparateur?versions=${versionIds.join(",")}`;

/** The "compare" action on model, version, search and list pages. */
export function CompareLink({ versionId, label, className = "" }: { versionId: number; label: string; className?: string }) {
  return (
    <Link to={comparatorUrl([versionId])} className={`btn-secondary ${className}`} aria-label={`Compare ${label}`} rel="nofollow">
      <Scale className="size-4" strokeWidth={1.75} aria-hidden="true" />
      Compare
    </Link>
  );
}
